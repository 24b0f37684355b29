import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The authors a rescan walks (the file rows are the BookFileRepository's). */
@Injectable()
export class DiskScanRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  authors(ids?: number[]): Promise<{ id: number; path: string }[]> {
    return ids?.length
      ? this.dataSource.query(`SELECT id, path FROM author WHERE id = ANY($1::int[]) ORDER BY id`, [ids])
      : this.dataSource.query(`SELECT id, path FROM author ORDER BY id`);
  }
}
