import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('remote_path_mapping')
export class RemotePathMapping {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 500 })
  host: string;

  @Column({ type: 'text' })
  remotePath: string;

  @Column({ type: 'text' })
  localPath: string;
}
