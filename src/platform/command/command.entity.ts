import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { CommandResultName, CommandStatusName, CommandTriggerName } from './command.enums';

/** One queued, running or finished command (table `command`). */
@Entity('command')
export class CommandEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'jsonb' })
  body: Record<string, unknown>;

  @Column({ type: 'text' })
  dedupKey: string;

  /** CommandPriority as its integer, so the queue orders by it. */
  @Column({ type: 'smallint', default: 0 })
  priority: number;

  @Column({ type: 'varchar', length: 20, default: 'queued' })
  status: CommandStatusName;

  @Column({ type: 'varchar', length: 20, default: 'unknown' })
  result: CommandResultName;

  @Column({ type: 'varchar', length: 20, default: 'unspecified' })
  trigger: CommandTriggerName;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ type: 'text', nullable: true })
  exception: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  clientUserAgent: string | null;

  @Column({ type: 'boolean', default: false })
  exclusive: boolean;

  @Column({ type: 'boolean', default: false })
  typeExclusive: boolean;

  @Column({ type: 'boolean', default: false })
  diskAccess: boolean;

  @Column({ type: 'boolean', default: false })
  longRunning: boolean;

  @Column({ type: 'timestamptz' })
  queuedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  /** The process (command_worker.id) running it while `started`. */
  @Column({ type: 'uuid', nullable: true })
  workerId: string | null;
}
