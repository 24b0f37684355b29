export type ImportModeName = 'auto' | 'move' | 'copy';

/** Where the files of an import come from, as history and naming record it. */
export interface ImportSource {
  downloadId?: string;
  downloadClient?: string;
  /** Release title (`{Original Title}`, history `sourceTitle`). */
  title?: string;
  releaseGroup?: string | null;
  indexer?: string | null;
  /** Torrents keep seeding: `auto` copies or hard-links them; everything else is moved. */
  protocol?: string;
  mode: ImportModeName;
}
