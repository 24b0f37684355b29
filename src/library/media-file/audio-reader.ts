import type { FileTags, MediaInfoValue } from './media-file.types';

/**
 * Audio tags (ID3v2/v1, MP4/M4B atoms, Vorbis comments in FLAC/Ogg) through `music-metadata`. Major 7 is its
 * last CommonJS line; 8+ is ESM-only, which this jest setup cannot load from node_modules. Loaded on the first
 * audio file rather than at start-up: about 10 MB of resident memory a library without audiobooks never needs.
 */
export async function readAudio(path: string): Promise<{ tags: FileTags; mediaInfo: MediaInfoValue }> {
  const { parseFile } = await import('music-metadata');
  const { common, format } = await parseFile(path, { skipCovers: true, duration: false });
  if (!format.container && !format.codec && !format.sampleRate) throw new Error('No audio stream found');
  const authors = common.albumartist
    ? [common.albumartist]
    : (common.artists ?? (common.artist ? [common.artist] : []));
  const asin = (common as { asin?: string }).asin;
  return {
    tags: {
      title: common.title?.trim() || undefined,
      bookTitle: common.album?.trim() || undefined,
      authors: authors.map((name) => name.trim()).filter(Boolean),
      isbn: common.isrc?.[0],
      asin,
      publisher: common.label?.[0] ?? (common as { publisher?: string[] }).publisher?.[0],
      language: common.language,
      year: common.year,
      trackNumbers: common.track?.no ? [common.track.no] : [],
      discNumber: common.disk?.no ?? undefined,
      discCount: common.disk?.of ?? undefined,
      seriesTitle: common.grouping,
    },
    mediaInfo: {
      audioCodec: format.codec ?? format.container,
      audioChannels: format.numberOfChannels,
      audioBitRate: format.bitrate ? `${Math.round(format.bitrate / 1000)} kbps` : undefined,
      audioBits: format.bitsPerSample ? String(format.bitsPerSample) : undefined,
      audioSampleRate: format.sampleRate ? `${format.sampleRate / 1000} kHz` : undefined,
      duration: format.duration,
    },
  };
}
