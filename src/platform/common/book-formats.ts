import { extname } from 'node:path';

/** MIME types e-reader apps recognise, by file extension (calibre's choices for the Kindle formats). */
const BY_EXTENSION: Record<string, string> = {
  '.epub': 'application/epub+zip',
  '.kepub': 'application/kepub+zip',
  '.pdf': 'application/pdf',
  '.mobi': 'application/x-mobipocket-ebook',
  '.prc': 'application/x-mobipocket-ebook',
  '.azw': 'application/vnd.amazon.ebook',
  '.azw3': 'application/x-mobi8-ebook',
  '.fb2': 'application/x-fictionbook+xml',
  '.djvu': 'image/vnd.djvu',
  '.cbz': 'application/vnd.comicbook+zip',
  '.cbr': 'application/vnd.comicbook-rar',
  '.txt': 'text/plain',
  '.rtf': 'application/rtf',
  '.m4b': 'audio/mp4',
  '.m4a': 'audio/mp4',
  '.mp3': 'audio/mpeg',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.wma': 'audio/x-ms-wma',
  '.aac': 'audio/aac',
};

/** The MIME type of a book file: by its extension, else `application/octet-stream`. */
export function bookFileMediaType(path: string): string {
  return BY_EXTENSION[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The format name of a book file as users know it (`EPUB`, `PDF`, `AZW3`, `M4B`…): its extension when that is a
 * known book format, else `fallback` (the caller's quality name).
 */
export function bookFileFormat(path: string, fallback: string): string {
  const extension = extname(path).toLowerCase();
  return BY_EXTENSION[extension] ? extension.slice(1).toUpperCase() : fallback;
}
