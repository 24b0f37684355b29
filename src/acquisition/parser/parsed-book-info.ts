/** Revision of a release or file (Readarr's Revision). */
export interface RevisionValue {
  version: number;
  real: number;
  isRepack: boolean;
}

/** What the release-title parser found (Readarr's ParsedBookInfo; also its wire shape). */
export interface ParsedBookInfo {
  bookTitle?: string;
  authorName?: string;
  authorTitleInfo: { title?: string; titleWithoutYear?: string; year: number };
  qualityId: number;
  revision: RevisionValue;
  releaseDate?: string;
  discography: boolean;
  discographyStart: number;
  discographyEnd: number;
  releaseGroup?: string;
  releaseHash?: string;
  releaseVersion?: string;
  releaseTitle: string;
}
