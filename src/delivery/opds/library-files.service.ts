import { Injectable } from '@nestjs/common';
import { realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, relative } from 'node:path';
import { DomainError, NotFoundError } from '../../platform/common/errors/domain-errors';
import { bookFileMediaType } from '../../platform/common/book-formats';
import { RootFolderRepository } from '../../library/root-folder/root-folder.repository';
import { OpdsRepository } from './opds.repository';

export class ForbiddenError extends DomainError {
  readonly status = 403;
}

export interface ServableFile {
  /** The real path (symlinks resolved) that was checked and is to be sent. */
  path: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** True when `candidate` is `folder` itself or lies below it (both already real paths). */
function isWithin(folder: string, candidate: string): boolean {
  const path = relative(folder, candidate);
  return path !== '' && !path.startsWith('..') && !isAbsolute(path);
}

/**
 * Hands out book files for download, and never anything outside the library's root folders: the file's real
 * path (every symlink resolved) must lie inside the real path of a root folder.
 */
@Injectable()
export class LibraryFilesService {
  constructor(
    private readonly repository: OpdsRepository,
    private readonly rootFolders: RootFolderRepository,
  ) {}

  async servable(bookFileId: number): Promise<ServableFile> {
    const file = await this.repository.file(bookFileId);
    if (!file) throw new NotFoundError(`Book file with ID ${bookFileId} does not exist`);
    const real = await realpath(file.path).catch(() => undefined);
    if (!real) throw new NotFoundError(`Book file ${bookFileId} is missing on disk`);
    const roots = await Promise.all(
      (await this.rootFolders.paths()).map((root) => realpath(root).catch(() => undefined)),
    );
    if (!roots.some((root) => root !== undefined && isWithin(root, real)))
      throw new ForbiddenError(`Book file ${bookFileId} is outside the library's root folders`);
    const info = await stat(real);
    if (!info.isFile()) throw new NotFoundError(`Book file ${bookFileId} is not a file`);
    // The name the user knows is the library's (a symlink's own name), the type follows it too.
    return { path: real, fileName: basename(file.path), contentType: bookFileMediaType(file.path), size: info.size };
  }
}
