import { Injectable, Logger } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { BadRequestError, NotFoundError } from '../../../platform/common/errors/domain-errors';
import { EnvService } from '../../../platform/env/env.service';
import { MetadataHttpClient } from '../http/metadata-http.client';
import { MetadataSourceSettingsService } from '../metadata-source-settings.service';
import { CoverOwner, coverFolder, isInside, parseCoverFilename, sniffImageType, storedName } from './media-cover-files';

/** An image to keep locally: the full-size url and, when the source offers one, a smaller rendition. */
export interface CoverSource {
  coverType: string;
  url: string;
  smallUrl?: string;
}

export interface CoverFile {
  path: string;
  contentType: string;
  size: number;
  mtimeMs: number;
  stream: () => Readable;
}

const SOURCES_FILE = '.sources.json';
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * Author and book images under DATA_DIR/MediaCover: downloaded during refresh (only when the remote url changed
 * or the file is missing), served by MediaCoverController. The `-250` variant is the source's smaller
 * rendition when it has one; any missing size falls back to the full-size file.
 */
@Injectable()
export class MediaCoverService {
  private readonly logger = new Logger(MediaCoverService.name);
  readonly root: string;

  constructor(
    env: EnvService,
    private readonly http: MetadataHttpClient,
    private readonly settings: MetadataSourceSettingsService,
  ) {
    this.root = join(env.get('DATA_DIR'), 'MediaCover');
  }

  /** Downloads what is missing or changed; never throws (a cover is not worth failing a refresh). */
  async ensureCovers(owner: CoverOwner, id: number, images: CoverSource[]): Promise<number> {
    const folder = coverFolder(this.root, owner, id);
    let downloaded = 0;
    try {
      await mkdir(folder, { recursive: true });
      const known = await this.readSources(folder);
      const { userAgent, requestsPerMinute } = await this.settings.resolve();
      const identity = { sourceName: 'the cover host', userAgent, requestsPerMinute };
      for (const image of images) {
        const wanted: [string, string | undefined][] = [
          [storedName(image.coverType), image.url],
          [storedName(image.coverType, '250'), image.smallUrl],
        ];
        for (const [name, url] of wanted) {
          if (!url) continue;
          if (known[name] === url && (await exists(join(folder, name)))) continue;
          const response = await this.http.getBinary(url, identity);
          if (!response || response.body.length > MAX_IMAGE_BYTES || !sniffImageType(response.body)) {
            this.logger.warn(`Cover ${url} for ${owner} ${id} is missing or not an image`);
            continue;
          }
          const target = join(folder, name);
          await writeFile(`${target}.tmp`, response.body);
          await rename(`${target}.tmp`, target);
          known[name] = url;
          downloaded++;
        }
      }
      if (downloaded) await writeFile(join(folder, SOURCES_FILE), JSON.stringify(known));
    } catch (error) {
      this.logger.warn(`Covers of ${owner} ${id} not stored: ${(error as Error).message}`);
    }
    return downloaded;
  }

  /** The file to serve for a request; 400 for a name outside the allowed set, 404 when nothing is stored. */
  async find(owner: CoverOwner, id: number, filename: string): Promise<CoverFile> {
    const parsed = parseCoverFilename(filename);
    if (!parsed) throw new BadRequestError(`BadRequest: '${filename}' is not a valid media cover file name`);
    const folder = coverFolder(this.root, owner, id);
    const candidates = [storedName(parsed.coverType, parsed.size)];
    if (parsed.size) candidates.push(storedName(parsed.coverType));
    for (const name of candidates) {
      const path = join(folder, name);
      if (!isInside(this.root, path)) throw new BadRequestError('BadRequest: invalid media cover path');
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) continue;
      const head = Buffer.alloc(12);
      const handle = await open(path, 'r');
      try {
        await handle.read(head, 0, 12, 0);
      } finally {
        await handle.close();
      }
      return {
        path,
        contentType: sniffImageType(head) ?? 'application/octet-stream',
        size: info.size,
        mtimeMs: info.mtimeMs,
        stream: () => createReadStream(path),
      };
    }
    throw new NotFoundError(`Media cover ${filename} of ${owner} ${id} not found`);
  }

  private async readSources(folder: string): Promise<Record<string, string>> {
    try {
      return JSON.parse(await readFile(join(folder, SOURCES_FILE), 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  }
}

async function exists(path: string): Promise<boolean> {
  return !!(await stat(path).catch(() => undefined));
}
