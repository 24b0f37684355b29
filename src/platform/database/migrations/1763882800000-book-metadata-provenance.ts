import { MigrationInterface, QueryRunner } from 'typeorm';

/** Which fields of a book were filled from the secondary metadata source, and from which. */
export class BookMetadataProvenance1763882800000 implements MigrationInterface {
  name = 'BookMetadataProvenance1763882800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE book ADD COLUMN metadata_provenance jsonb NOT NULL DEFAULT '{}'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE book DROP COLUMN metadata_provenance`);
  }
}
