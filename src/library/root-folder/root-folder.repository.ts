import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Reads of table `root_folder` that other features need (the paths), and what lies under a root. */
@Injectable()
export class RootFolderRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The configured root folder paths, sorted (root folders are few: one query). */
  async paths(): Promise<string[]> {
    const rows = await this.dataSource.query<{ path: string }[]>(`SELECT path FROM root_folder ORDER BY path`);
    return rows.map((row) => row.path);
  }

  /** Paths of the authors whose folder lies under `root` (a string prefix test; the caller refines it). */
  async authorPathsUnder(root: string): Promise<string[]> {
    const rows = await this.dataSource.query<{ path: string }[]>(
      `SELECT path FROM author WHERE path IS NOT NULL AND left(path, $2) = $1`,
      [root, root.length],
    );
    return rows.map((row) => row.path);
  }
}
