/** Quality ids of audiobook formats (Unknown Audio, MP3, FLAC, M4B); every other quality is an ebook format. */
const AUDIO_QUALITY_IDS = new Set([10, 11, 12, 13]);

export type MediaKind = 'ebook' | 'audiobook';

export function mediaKind(qualityId: number | undefined): MediaKind {
  return qualityId !== undefined && AUDIO_QUALITY_IDS.has(qualityId) ? 'audiobook' : 'ebook';
}

/** Files split by media kind, so an ebook and an audiobook of one book show side by side. */
export function byMediaKind<T extends { quality?: { quality?: { id?: number } } }>(files: T[]): Record<MediaKind, T[]> {
  const groups: Record<MediaKind, T[]> = { ebook: [], audiobook: [] };
  for (const file of files) groups[mediaKind(file.quality?.quality?.id)].push(file);
  return groups;
}
