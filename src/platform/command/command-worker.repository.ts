import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface WorkerRow {
  id: string;
  hostname: string;
  pid: number;
  /** Its heartbeat is older than the timeout. */
  stale: boolean;
}

/** Table `command_worker`: one row per running Quire process, with its heartbeat. */
@Injectable()
export class CommandWorkerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(id: string, hostname: string, pid: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO command_worker (id, hostname, pid, started_at, last_seen) VALUES ($1, $2, $3, now(), now())`,
      [id, hostname.slice(0, 255), pid],
    );
  }

  async touch(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE command_worker SET last_seen = now() WHERE id = $1`, [id]);
  }

  /** Every other worker, each marked stale when its heartbeat is older than `timeoutMs`. */
  findOthers(id: string, timeoutMs: number): Promise<WorkerRow[]> {
    return this.dataSource.query(
      `SELECT id, hostname, pid, last_seen < now() - make_interval(secs => $1::float8 / 1000) AS stale
         FROM command_worker WHERE id <> $2`,
      [timeoutMs, id],
    );
  }

  async delete(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.dataSource.query(`DELETE FROM command_worker WHERE id = ANY($1::uuid[])`, [ids]);
  }
}
