import type { MediaInfoResource, QualityModel } from './book-file.resource';

/** Readarr's ParsedTrackInfo (what a file's own tags say); Quire fills what book files carry. */
export class ParsedTrackInfo {
  title?: string;
  cleanTitle?: string;
  authorTitle?: string;
  goodreadsId?: string;
  authorMBId?: string;
  bookMBId?: string;
  releaseMBId?: string;
  recordingMBId?: string;
  trackMBId?: string;
  country?: string;
  label?: string;
  source?: string;
  catalogNumber?: string;
  disambiguation?: string;
  /** Timespan `hh:mm:ss`. */
  duration?: string;
  quality?: QualityModel;
  mediaInfo?: MediaInfoResource;
  releaseGroup?: string;
  releaseHash?: string;
  authors?: string[];
  bookTitle?: string;
  seriesTitle?: string;
  seriesIndex?: string;
  isbn?: string;
  asin?: string;
  year?: number;
  publisher?: string;
  language?: string;
  trackNumbers?: number[];
  discNumber?: number;
  discCount?: number;
}
