import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A recurring command (table `scheduled_task`). */
@Entity('scheduled_task')
export class ScheduledTaskEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100, unique: true })
  taskName: string;

  /** Minutes between runs; 0 disables the task. */
  @Column({ type: 'integer' })
  intervalMinutes: number;

  @Column({ type: 'smallint', default: 0 })
  priority: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastExecution: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastStartTime: Date | null;

  @Column({ type: 'integer', nullable: true })
  lastDurationMs: number | null;

  /** When a scheduler last queued it; guards against queuing it twice from several processes. */
  @Column({ type: 'timestamptz', nullable: true })
  lastQueuedAt: Date | null;
}
