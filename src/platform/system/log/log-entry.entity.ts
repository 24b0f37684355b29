import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('log')
export class LogEntry {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'timestamptz' })
  time: Date;

  @Column({ type: 'varchar', length: 10 })
  level: string;

  @Column({ type: 'varchar', length: 200 })
  logger: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'text', nullable: true })
  exception: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  exceptionType: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  method: string | null;
}
