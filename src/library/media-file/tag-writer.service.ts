import { Injectable } from '@nestjs/common';
import { extensionOf } from './media-extensions';

/** The tags Quire writes to an audiobook file (Readarr's retag fields). */
export interface AudioTagValues {
  title?: string;
  album?: string;
  artist?: string;
  albumArtist?: string;
  year?: string;
  publisher?: string;
  trackNumber?: string;
  discNumber?: string;
  language?: string;
}

export const AUDIO_TAG_FIELDS: readonly (keyof AudioTagValues)[] = [
  'title',
  'album',
  'artist',
  'albumArtist',
  'year',
  'publisher',
  'trackNumber',
  'discNumber',
  'language',
];

/** node-id3, loaded on the first MP3 retag rather than at start-up (resident memory a small host keeps). */
async function nodeId3() {
  return (await import('node-id3')).default;
}

/**
 * Writes audio tags. Supported: MP3 (ID3v2.3 through `node-id3`, CommonJS, no native code). M4B/M4A and FLAC
 * are read (music-metadata) but not written: no well-kept CommonJS writer for MP4 atoms / Vorbis comments exists,
 * so those files are reported as "not supported" by the retag preview and skipped by RetagFiles.
 */
@Injectable()
export class TagWriter {
  supports(path: string): boolean {
    return extensionOf(path) === '.mp3';
  }

  /** Current values of the fields Quire writes. */
  async read(path: string): Promise<AudioTagValues> {
    const tags = await (await nodeId3()).Promise.read(path);
    return {
      title: tags.title,
      album: tags.album,
      artist: tags.artist,
      albumArtist: tags.performerInfo,
      year: tags.year,
      publisher: tags.publisher,
      trackNumber: tags.trackNumber,
      discNumber: tags.partOfSet,
      language: tags.language,
    };
  }

  /** Removes every tag the file carries (Readarr's scrubAudioTags), so only what Quire writes next remains. */
  async scrub(path: string): Promise<void> {
    if (!this.supports(path)) throw new Error(`Removing tags from ${extensionOf(path)} files is not supported`);
    const result = (await nodeId3()).removeTags(path);
    if (result instanceof Error) throw result;
  }

  async write(path: string, values: AudioTagValues): Promise<void> {
    if (!this.supports(path)) throw new Error(`Writing tags to ${extensionOf(path)} files is not supported`);
    await (
      await nodeId3()
    ).Promise.update(
      {
        title: values.title,
        album: values.album,
        artist: values.artist,
        performerInfo: values.albumArtist,
        year: values.year,
        publisher: values.publisher,
        trackNumber: values.trackNumber,
        partOfSet: values.discNumber,
        language: values.language,
      },
      path,
    );
  }
}
