import { extname } from 'node:path';
import { QUALITY_IDS, qualityById } from '../profile/quality/quality';

/** File extension (lower case, with dot) → quality id, as Readarr's MediaFileExtensions. */
const EXTENSION_QUALITY: Readonly<Record<string, number>> = {
  '.epub': QUALITY_IDS.epub,
  '.kepub': QUALITY_IDS.epub,
  '.pdf': QUALITY_IDS.pdf,
  '.mobi': QUALITY_IDS.mobi,
  '.azw': QUALITY_IDS.mobi,
  '.prc': QUALITY_IDS.mobi,
  '.azw3': QUALITY_IDS.azw3,
  '.kfx': QUALITY_IDS.azw3,
  '.txt': QUALITY_IDS.unknownText,
  '.rtf': QUALITY_IDS.unknownText,
  '.doc': QUALITY_IDS.unknownText,
  '.docx': QUALITY_IDS.unknownText,
  '.fb2': QUALITY_IDS.unknownText,
  '.djvu': QUALITY_IDS.unknownText,
  '.cbz': QUALITY_IDS.unknownText,
  '.cbr': QUALITY_IDS.unknownText,
  '.mp3': QUALITY_IDS.mp3,
  '.m4b': QUALITY_IDS.m4b,
  '.m4a': QUALITY_IDS.m4b,
  '.aac': QUALITY_IDS.m4b,
  '.mp4': QUALITY_IDS.m4b,
  '.flac': QUALITY_IDS.flac,
  '.ogg': QUALITY_IDS.unknownAudio,
  '.opus': QUALITY_IDS.unknownAudio,
  '.oga': QUALITY_IDS.unknownAudio,
  '.wma': QUALITY_IDS.unknownAudio,
  '.wav': QUALITY_IDS.unknownAudio,
};

export const MEDIA_EXTENSIONS: readonly string[] = Object.keys(EXTENSION_QUALITY);

export function extensionOf(path: string): string {
  return extname(path).toLowerCase();
}

export function isMediaFile(path: string): boolean {
  return EXTENSION_QUALITY[extensionOf(path)] !== undefined;
}

/** The quality a file's extension implies, or undefined for files that are not books. */
export function qualityFromPath(path: string): number | undefined {
  return EXTENSION_QUALITY[extensionOf(path)];
}

export function mediaKindFromPath(path: string): 'ebook' | 'audio' | undefined {
  const id = qualityFromPath(path);
  return id === undefined ? undefined : qualityById(id)?.mediaKind;
}

/** Sample/extra files a download may hold beside the book (Readarr skips "sample" files). */
export function looksLikeSample(path: string): boolean {
  return /(^|[\\/ ._-])sample([ ._-]|\.[a-z0-9]+$)/i.test(path);
}
