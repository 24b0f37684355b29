import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MetadataProfile } from './metadata-profile.entity';

/** Writes to `metadata_profile` beyond plain saves. */
@Injectable()
export class MetadataProfileRepository {
  /** Inserts a default profile unless one of that name exists (seeding, under the seeding lock). */
  async insertUnlessPresent(manager: EntityManager, row: Partial<MetadataProfile>): Promise<void> {
    await manager.createQueryBuilder().insert().into(MetadataProfile).values(row).orIgnore().execute();
  }
}
