import type { MediaKind } from '../profile/quality/quality';

/** What Quire learned from reading a file's own metadata (Readarr's ParsedTrackInfo, trimmed to what books carry). */
export interface FileTags {
  title?: string;
  authors: string[];
  /** Album tag of an audiobook (the book title when `title` is a chapter). */
  bookTitle?: string;
  isbn?: string;
  asin?: string;
  language?: string;
  publisher?: string;
  year?: number;
  seriesTitle?: string;
  seriesIndex?: string;
  trackNumbers?: number[];
  discNumber?: number;
  discCount?: number;
}

/** Readarr's MediaInfoResource (audio only). */
export interface MediaInfoValue {
  audioChannels?: number;
  audioBitRate?: string;
  audioCodec?: string;
  audioBits?: string;
  audioSampleRate?: string;
  /** Seconds. */
  duration?: number;
}

/** The outcome of reading one file: tags when it could be read, `error` (never thrown) when not. */
export interface MediaFileInfo {
  path: string;
  extension: string;
  qualityId: number;
  mediaKind: MediaKind;
  tags?: FileTags;
  mediaInfo?: MediaInfoValue;
  error?: string;
}
