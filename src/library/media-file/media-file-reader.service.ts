import { Injectable, Logger } from '@nestjs/common';
import { QUALITY_IDS, qualityById } from '../profile/quality/quality';
import { readAudio } from './audio-reader';
import { readEpub } from './epub-reader';
import { extensionOf, qualityFromPath } from './media-extensions';
import type { MediaFileInfo } from './media-file.types';
import { readMobi } from './mobi-reader';
import { readPdf } from './pdf-reader';

/**
 * Reads a book file's own metadata by format. Never throws: a corrupt or unreadable file comes back with
 * `error` set (and is logged), so a scan or an import goes on with the next file.
 */
@Injectable()
export class MediaFileReader {
  private readonly logger = new Logger(MediaFileReader.name);

  async read(path: string): Promise<MediaFileInfo> {
    const extension = extensionOf(path);
    const qualityId = qualityFromPath(path) ?? QUALITY_IDS.unknownText;
    const mediaKind = qualityById(qualityId)?.mediaKind ?? 'ebook';
    const info: MediaFileInfo = { path, extension, qualityId, mediaKind };
    try {
      switch (extension) {
        case '.epub':
        case '.kepub':
          info.tags = await readEpub(path);
          break;
        case '.pdf':
          info.tags = await readPdf(path);
          break;
        case '.mobi':
        case '.azw':
        case '.azw3':
        case '.prc':
          info.tags = await readMobi(path);
          break;
        default:
          if (mediaKind === 'audio') Object.assign(info, await readAudio(path));
      }
    } catch (error) {
      info.error = `Unable to read '${path}': ${(error as Error).message}`;
      this.logger.warn(info.error);
    }
    return info;
  }
}
