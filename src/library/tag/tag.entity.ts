import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Labels are stored lower-case and unique (case-insensitively), as in Readarr. */
@Entity('tag')
export class Tag {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  label: string;
}
