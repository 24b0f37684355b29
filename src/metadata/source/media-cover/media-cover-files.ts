import { isAbsolute, join, relative, resolve } from 'node:path';

/** Covers a client may ask for: a cover type, optionally a Readarr size suffix, and an image extension. */
export const COVER_FILENAME =
  /^(poster|cover|banner|fanart|headshot|disc|logo|clearlogo|screenshot)(-(250|500))?\.(jpg|jpeg|png|gif)$/;

export type CoverOwner = 'author' | 'book';

export interface ParsedCoverName {
  coverType: string;
  size?: '250' | '500';
  extension: string;
}

/** Strict parse of a requested filename; anything else (`..`, slashes, other names) is rejected. */
export function parseCoverFilename(filename: string): ParsedCoverName | undefined {
  const match = COVER_FILENAME.exec(filename.toLowerCase());
  if (!match || filename.length > 40) return undefined;
  return { coverType: match[1], size: match[3] as '250' | '500' | undefined, extension: match[4] };
}

/** Readarr's layout: `MediaCover/{authorId}/poster.jpg`, `MediaCover/Books/{bookId}/cover.jpg`. */
export function coverFolder(root: string, owner: CoverOwner, id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`Invalid ${owner} id ${id}`);
  return owner === 'author' ? join(root, String(id)) : join(root, 'Books', String(id));
}

/** Stored files are always `<type>.jpg` / `<type>-250.jpg`, whatever extension the client asked for. */
export function storedName(coverType: string, size?: '250' | '500'): string {
  return `${coverType}${size ? `-${size}` : ''}.jpg`;
}

/** True when `candidate` resolves inside `folder` (defence in depth after the filename regex). */
export function isInside(folder: string, candidate: string): boolean {
  const path = relative(resolve(folder), resolve(candidate));
  return !!path && !path.startsWith('..') && !isAbsolute(path);
}

/** Content type from the file's first bytes (JPEG, PNG, GIF, WebP); undefined for anything else. */
export function sniffImageType(head: Buffer): string | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}
