import { Injectable } from '@nestjs/common';
import { MediaFileReader } from '../media-file/media-file-reader.service';
import type { MediaFileInfo } from '../media-file/media-file.types';
import type { BookFileResource } from './book-file.resource';
import { BookFileService } from './book-file.service';
import type { ParsedTrackInfo } from './parsed-track-info.resource';

/** `GET /bookfile/{id}` carries the file's own tags as `audioTags`, read from disk (Readarr does the same). */
@Injectable()
export class BookFileTagsService {
  constructor(
    private readonly files: BookFileService,
    private readonly reader: MediaFileReader,
  ) {}

  async resourceWithTags(id: number): Promise<BookFileResource> {
    const resource = await this.files.resource(id);
    if (!resource.path) return resource;
    const info = await this.reader.read(resource.path).catch(() => undefined);
    return info && !info.error ? { ...resource, audioTags: toParsedTrackInfo(info, resource) } : resource;
  }
}

export function toParsedTrackInfo(info: MediaFileInfo, file: BookFileResource): ParsedTrackInfo {
  const tags = info.tags;
  const seconds = info.mediaInfo?.duration;
  return {
    title: tags?.title,
    authors: tags?.authors ?? [],
    authorTitle: tags?.authors?.[0],
    bookTitle: tags?.bookTitle ?? tags?.title,
    seriesTitle: tags?.seriesTitle,
    seriesIndex: tags?.seriesIndex,
    isbn: tags?.isbn,
    asin: tags?.asin,
    language: tags?.language,
    publisher: tags?.publisher,
    year: tags?.year,
    trackNumbers: tags?.trackNumbers ?? [],
    discNumber: tags?.discNumber,
    discCount: tags?.discCount,
    duration: seconds === undefined ? undefined : timespan(seconds),
    quality: file.quality,
    mediaInfo: info.mediaInfo,
  };
}

function timespan(totalSeconds: number): string {
  const whole = Math.round(totalSeconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}
