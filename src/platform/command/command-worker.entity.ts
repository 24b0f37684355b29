import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One live (or dead) Quire process taking commands from the queue; `lastSeen` is its heartbeat. */
@Entity('command_worker')
export class CommandWorkerEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  hostname: string;

  @Column({ type: 'integer' })
  pid: number;

  @Column({ type: 'timestamptz' })
  startedAt: Date;

  @Column({ type: 'timestamptz' })
  lastSeen: Date;
}
