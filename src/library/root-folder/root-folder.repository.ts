import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { RootFolder } from './root-folder.entity';

/** Table `root_folder`: the folders themselves, the paths other features need, and what lies under a root. */
@Injectable()
export class RootFolderRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get folders(): Repository<RootFolder> {
    return this.dataSource.getRepository(RootFolder);
  }

  /** Every root folder, by path. */
  findAll(): Promise<RootFolder[]> {
    return this.folders.find({ order: { path: 'ASC' } });
  }

  findById(id: number): Promise<RootFolder | null> {
    return this.folders.findOneBy({ id });
  }

  /** Whether `path` (normalised) is already a root folder. */
  isConfigured(path: string): Promise<boolean> {
    return this.folders.existsBy({ path });
  }

  insert(values: Partial<RootFolder>): Promise<RootFolder> {
    return this.folders.save(this.folders.create(values));
  }

  save(folder: RootFolder): Promise<RootFolder> {
    return this.folders.save(folder);
  }

  async delete(id: number): Promise<void> {
    await this.folders.delete(id);
  }

  /** The configured root folder paths, sorted (root folders are few: one query). */
  async paths(): Promise<string[]> {
    const rows = await this.dataSource.query<{ path: string }[]>(`SELECT path FROM root_folder ORDER BY path`);
    return rows.map((row) => row.path);
  }

  /**
   * Paths of the authors whose folder lies under `root` (a string prefix test; the caller refines it). The prefix
   * length is PostgreSQL's, in characters: JavaScript's `length` counts UTF-16 units, two for a character outside
   * the Basic Multilingual Plane (an emoji), and such a root matched no author.
   */
  async authorPathsUnder(root: string): Promise<string[]> {
    const rows = await this.dataSource.query<{ path: string }[]>(
      `SELECT path FROM author WHERE path IS NOT NULL AND left(path, length($1)) = $1`,
      [root],
    );
    return rows.map((row) => row.path);
  }
}
