import { QUALITY_IDS, qualityById } from '../../library/profile/quality/quality';
import type { RevisionValue } from './parsed-book-info';

/** Format keywords and file extensions → quality (Readarr's QualityParser for books, by extension or keyword). */
const FORMAT_PATTERNS: { pattern: RegExp; qualityId: number }[] = [
  { pattern: /\bflac\b/i, qualityId: QUALITY_IDS.flac },
  { pattern: /\bm4b\b/i, qualityId: QUALITY_IDS.m4b },
  { pattern: /\bmp3\b/i, qualityId: QUALITY_IDS.mp3 },
  { pattern: /\bazw3?\b|\bkf8\b|\bkindle\b/i, qualityId: QUALITY_IDS.azw3 },
  { pattern: /\bepub\b/i, qualityId: QUALITY_IDS.epub },
  { pattern: /\bmobi\b|\bprc\b/i, qualityId: QUALITY_IDS.mobi },
  { pattern: /\bpdf\b/i, qualityId: QUALITY_IDS.pdf },
];

/** Words that say "audiobook" without naming a format. */
const AUDIO_KEYWORDS =
  /\baudio\s?books?\b|\bunabridged\b|\babridged\b|\bnarrated\b|\bread by\b|\b\d{2,3}\s?kbps\b|\baac\b|\bm4a\b|\bogg\b|\bopus\b|\bwma\b/i;

/** Every format named in a title, e.g. an "EPUB + MOBI" pack names two. */
export function formatsIn(title: string): number[] {
  const normalised = title.replace(/[._]/g, ' ');
  return FORMAT_PATTERNS.filter((entry) => entry.pattern.test(normalised)).map((entry) => entry.qualityId);
}

/**
 * The quality of a release title: the best named format (by Readarr's default weight; a pack of several
 * formats counts as its best one), else Unknown Audio when audiobook words appear, else Unknown Text.
 */
export function parseQuality(title: string): { qualityId: number; revision: RevisionValue } {
  const normalised = title.replace(/[._]/g, ' ');
  const formats = formatsIn(normalised);
  let qualityId: number = QUALITY_IDS.unknownText;
  if (formats.length > 0)
    qualityId = formats.reduce((best, id) =>
      (qualityById(id)?.weight ?? 0) > (qualityById(best)?.weight ?? 0) ? id : best,
    );
  else if (AUDIO_KEYWORDS.test(normalised)) qualityId = QUALITY_IDS.unknownAudio;
  return { qualityId, revision: parseRevision(normalised) };
}

export function parseRevision(title: string): RevisionValue {
  const repack = /\brepack\d?\b|\brerip\d?\b/i.test(title);
  const proper = /\bproper\d?\b/i.test(title);
  const version = /\bv(\d)\b/i.exec(title);
  return {
    version: version ? Number(version[1]) : repack || proper ? 2 : 1,
    real: /\bREAL\b/.test(title) ? 1 : 0,
    isRepack: repack,
  };
}
