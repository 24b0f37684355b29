import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { normalizePath } from '../../platform/common/path/normalize-path';
import { isAbsolutePath, isSameOrInside, subfolders } from './root-folder-disk';
import { RootFolder } from './root-folder.entity';
import { RootFolderRepository } from './root-folder.repository';
import { UnmappedFolder } from './root-folder.resource';

/** Reading root folders: the list, one by id, the one holding a path, and what lies unmapped under one. */
@Injectable()
export class RootFolderService {
  constructor(private readonly repository: RootFolderRepository) {}

  findAll(): Promise<RootFolder[]> {
    return this.repository.findAll();
  }

  async findById(id: number): Promise<RootFolder> {
    const folder = await this.repository.findById(id);
    if (!folder) throw new NotFoundError(`Root folder ${id} not found`);
    return folder;
  }

  /** The configured root folder holding `path` (the longest matching one), if any. */
  async bestMatchFor(path: string): Promise<string | undefined> {
    if (!path || !isAbsolutePath(path)) return undefined;
    const target = normalizePath(path);
    return (await this.findAll())
      .map((folder) => folder.path)
      .filter((root) => isSameOrInside(root, target))
      .sort((a, b) => b.length - a.length)[0];
  }

  /** Sub-folders of the root that no author's path points into. */
  async unmappedFolders(folder: RootFolder): Promise<UnmappedFolder[]> {
    const candidates = await subfolders(folder.path);
    if (!candidates.length) return [];
    const authorPaths = (await this.repository.authorPathsUnder(folder.path)).map(normalizePath);
    return candidates
      .filter((candidate) => !authorPaths.some((authorPath) => isSameOrInside(candidate.path, authorPath)))
      .map((candidate) => ({ name: candidate.name, path: candidate.path, relativePath: candidate.name }));
  }
}
