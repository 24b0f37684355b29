import { Injectable } from '@nestjs/common';
import { createReadStream, ReadStream } from 'node:fs';
import { lstat, readdir, realpath, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BadRequestError, NotFoundError } from '../../common/errors/domain-errors';
import { EnvService } from '../../env/env.service';
import { LOG_FILE_PATTERN, logFolder, LogFolderKind } from './log-folders';
import { LogFileResource } from './log.resource';

/**
 * Lists and serves the text log files. Only plain files directly inside the log folder whose names match
 * LOG_FILE_PATTERN are visible: no path separators, no `..`, no symbolic links (a link is refused even when
 * it points inside the folder), and the resolved real path must still be in the folder.
 */
@Injectable()
export class LogFileService {
  constructor(private readonly env: EnvService) {}

  async list(kind: LogFolderKind): Promise<LogFileResource[]> {
    const folder = logFolder(this.env, kind);
    const names = await readdir(folder).catch(() => [] as string[]);
    const files: { name: string; modified: Date }[] = [];
    for (const name of names) {
      if (!LOG_FILE_PATTERN.test(name)) continue;
      const stats = await lstat(join(folder, name)).catch(() => undefined);
      if (stats?.isFile()) files.push({ name, modified: stats.mtime });
    }
    files.sort((a, b) => b.modified.getTime() - a.modified.getTime() || a.name.localeCompare(b.name));
    const urlBase = this.env.get('URL_BASE');
    const contents = kind === 'app' ? 'log/file' : 'log/file/update';
    const download = kind === 'app' ? 'logfile' : 'updatelogfile';
    return files.map((file, index) => ({
      id: index + 1,
      filename: file.name,
      lastWriteTime: file.modified,
      contentsUrl: `${urlBase}/api/v1/${contents}/${file.name}`,
      downloadUrl: `${urlBase}/${download}/${file.name}`,
    }));
  }

  /** Opens a log file for reading; 400 for a name outside the pattern, 404 when it is not a plain file there. */
  async open(kind: LogFolderKind, filename: string): Promise<ReadStream> {
    if (!LOG_FILE_PATTERN.test(filename) || filename.startsWith('.'))
      throw new BadRequestError(`BadRequest: '${filename}' is not a valid log file name`);
    const folder = logFolder(this.env, kind);
    const path = join(folder, filename);
    const stats = await lstat(path).catch(() => undefined);
    if (!stats?.isFile()) throw new NotFoundError(`Log file '${filename}' not found`);
    const [realFolder, realFile] = await Promise.all([realpath(folder), realpath(path)]);
    if (dirname(realFile) !== realFolder) throw new NotFoundError(`Log file '${filename}' not found`);
    return createReadStream(realFile, { encoding: 'utf8' });
  }

  /** Deletes every log file in the folder; returns how many. */
  async deleteAll(kind: LogFolderKind): Promise<number> {
    const folder = logFolder(this.env, kind);
    const names = await readdir(folder).catch(() => [] as string[]);
    let deleted = 0;
    for (const name of names) {
      if (!LOG_FILE_PATTERN.test(name)) continue;
      const stats = await lstat(join(folder, name)).catch(() => undefined);
      if (!stats?.isFile() && !stats?.isSymbolicLink()) continue;
      await rm(join(folder, name), { force: true });
      deleted++;
    }
    return deleted;
  }
}
