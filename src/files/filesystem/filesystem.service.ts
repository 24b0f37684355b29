import { Injectable } from '@nestjs/common';
import { opendir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { BadRequestError, NotFoundError } from '../../platform/common/errors/domain-errors';
import { EnvService } from '../../platform/env/env.service';
import { isMediaFile } from '../../library/media-file/media-extensions';
import type {
  FileSystemQuery,
  FileSystemResource,
  FileSystemTypeResource,
  MediaFileEntryResource,
} from './filesystem.resource';
import { safePath } from './safe-path';

/** Folders of the operating system that are never offered (nor listed into) when browsing. */
export const SYSTEM_FOLDERS = [
  '/proc',
  '/sys',
  '/dev',
  '/run',
  '/boot',
  '/lost+found',
  '/snap',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/usr',
  '/etc',
  '/var/lib',
  '/var/run',
  '/var/lock',
];

export function isSystemFolder(path: string): boolean {
  return SYSTEM_FOLDERS.some((folder) => path === folder || path.startsWith(`${folder}/`));
}

const MAX_ENTRIES = 10_000;
const MAX_MEDIA_FILES = 5_000;

/** `/api/v1/filesystem*`: browse folders for the UI's path pickers. */
@Injectable()
export class FilesystemService {
  /** FILESYSTEM_ROOTS: when set, only these folders (and what they hold) can be browsed. */
  private readonly roots: string[];

  constructor(env: EnvService) {
    this.roots = env
      .get('FILESYSTEM_ROOTS')
      .split(',')
      .map((root) => root.trim().replace(/\/+$/, '') || '/')
      .filter((root) => root.startsWith('/'));
  }

  private inside(path: string): boolean {
    return (
      this.roots.length === 0 || this.roots.some((root) => root === '/' || path === root || path.startsWith(`${root}/`))
    );
  }

  private allowed(raw: unknown): string {
    const path = safePath(raw);
    if (!this.inside(path)) throw new BadRequestError(`BadRequest: '${path}' is outside the folders Quire may browse`);
    return path;
  }

  /** The configured roots as a listing (the starting point when FILESYSTEM_ROOTS is set). */
  private rootListing(prefix = ''): FileSystemResource {
    return {
      directories: this.roots
        .filter((root) => root.toLowerCase().startsWith(prefix.toLowerCase()))
        .map((root) => ({ type: 'folder' as const, name: basename(root) || '/', path: `${root.replace(/\/$/, '')}/` })),
      files: [],
    };
  }

  async browse(query: FileSystemQuery): Promise<FileSystemResource> {
    const raw = query.path ?? '';
    if (raw === '') return this.roots.length ? this.rootListing() : this.list('/', query.includeFiles === true, '');
    const path = safePath(raw);
    const listWhole = raw.endsWith('/') || query.allowFoldersWithoutTrailingSlashes === true;
    const folder = listWhole ? path : dirname(path);
    const prefix = listWhole ? '' : basename(path);
    if (!this.inside(folder)) {
      if (!listWhole || folder === '/') return this.rootListing(path);
      throw new BadRequestError(`BadRequest: '${folder}' is outside the folders Quire may browse`);
    }
    if (isSystemFolder(folder)) throw new BadRequestError(`BadRequest: '${folder}' is a system folder`);
    const listing = await this.list(folder, query.includeFiles === true, prefix);
    if (this.roots.includes(folder)) listing.parent = undefined;
    return listing;
  }

  async type(raw: string | undefined): Promise<FileSystemTypeResource> {
    const path = this.allowed(raw);
    const info = await stat(path).catch(() => null);
    if (!info) throw new NotFoundError(`Path '${path}' does not exist`);
    return { type: info.isDirectory() ? 'folder' : 'file' };
  }

  async mediaFiles(raw: string | undefined): Promise<MediaFileEntryResource[]> {
    const path = this.allowed(raw);
    if (isSystemFolder(path)) throw new BadRequestError(`BadRequest: '${path}' is a system folder`);
    const info = await stat(path).catch(() => null);
    if (!info?.isDirectory()) return [];
    const found: MediaFileEntryResource[] = [];
    const walk = async (folder: string): Promise<void> => {
      const dir = await opendir(folder).catch(() => null);
      if (!dir) return;
      for await (const entry of dir) {
        if (found.length >= MAX_MEDIA_FILES) break;
        const full = join(folder, entry.name);
        if (entry.isDirectory() && !entry.name.startsWith('.')) await walk(full);
        else if (entry.isFile() && isMediaFile(full)) found.push({ path: full, name: basename(full, extname(full)) });
      }
    };
    await walk(path);
    return found.sort((a, b) => a.path.localeCompare(b.path));
  }

  private async list(folder: string, includeFiles: boolean, prefix: string): Promise<FileSystemResource> {
    const result: FileSystemResource = {
      parent: folder === '/' ? undefined : `${dirname(folder).replace(/\/$/, '')}/`,
      directories: [],
      files: [],
    };
    const dir = await opendir(folder).catch(() => null);
    if (!dir) return result;
    let seen = 0;
    for await (const entry of dir) {
      if (++seen > MAX_ENTRIES) break;
      if (entry.name.startsWith('.')) continue;
      if (prefix && !entry.name.toLowerCase().startsWith(prefix.toLowerCase())) continue;
      const full = join(folder, entry.name);
      const isDirectory =
        entry.isDirectory() || (entry.isSymbolicLink() && (await stat(full).catch(() => null))?.isDirectory());
      if (isDirectory) {
        if (isSystemFolder(full)) continue;
        const info = await stat(full).catch(() => null);
        result.directories.push({ type: 'folder', name: entry.name, path: `${full}/`, lastModified: info?.mtime });
      } else if (includeFiles && entry.isFile()) {
        const info = await stat(full).catch(() => null);
        result.files.push({
          type: 'file',
          name: entry.name,
          path: full,
          size: info?.size ?? 0,
          lastModified: info?.mtime,
          extension: extname(entry.name),
        });
      }
    }
    result.directories.sort((a, b) => a.name.localeCompare(b.name));
    result.files.sort((a, b) => a.name.localeCompare(b.name));
    return result;
  }
}
