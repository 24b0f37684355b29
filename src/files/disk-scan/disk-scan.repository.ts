import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface ScannedAuthor {
  id: number;
  path: string;
  rootFolderPath: string | null;
  /** When the author was added to the library. */
  added: Date;
}

/** The authors a rescan walks (the file rows are the BookFileRepository's). */
@Injectable()
export class DiskScanRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  authors(ids?: number[]): Promise<ScannedAuthor[]> {
    const columns = `id, path, root_folder_path AS "rootFolderPath", added`;
    return ids?.length
      ? this.dataSource.query(`SELECT ${columns} FROM author WHERE id = ANY($1::int[]) ORDER BY id`, [ids])
      : this.dataSource.query(`SELECT ${columns} FROM author ORDER BY id`);
  }
}
