import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An author (by metadata-source id) that import lists and author deletion must not add back. */
@Entity('import_list_exclusion')
export class ImportListExclusion {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200, unique: true })
  foreignId: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  authorName: string;
}
