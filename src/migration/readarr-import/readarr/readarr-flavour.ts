import type { ReadarrDatabase } from './readarr-database.repository';
import { readInt } from './readarr-values';

export interface ReadarrFlavour {
  appName: string;
  version: string;
  /** Which ids the Foreign*Id columns hold. */
  metadataIds: 'goodreads' | 'hardcover';
}

/**
 * Readarr, or a fork that kept its schema. Bookshelf's "hardcover" images write Hardcover ids: told by the
 * configured metadata source or by hardcover.app links, since no column says so.
 */
export function detectFlavour(db: ReadarrDatabase, backupName?: string): ReadarrFlavour {
  const versions = db.all('VersionInfo').map((row) => readInt(row.Version));
  const schema = Math.max(0, ...versions.filter((version) => version !== 158));
  const config = new Map(db.all('Config').map((row) => [String(row.Key).toLowerCase(), String(row.Value)]));
  const source = config.get('metadatasource') ?? '';
  let hardcoverLinks = false;
  for (const row of db.rows('AuthorMetadata')) {
    if (String(row.Links ?? '').includes('hardcover.app')) hardcoverLinks = true;
    break;
  }
  const hardcover = /hardcover/i.test(source) || hardcoverLinks;
  const bookshelf = hardcover || /bookshelf/i.test(source) || /bookshelf/i.test(backupName ?? '');
  const appName = bookshelf ? 'Bookshelf' : schema > 40 ? 'Readarr (fork)' : 'Readarr';
  const release = /_v(\d+(?:\.\d+)+)/.exec(backupName ?? '')?.[1];
  return { appName, version: release ?? `schema ${schema}`, metadataIds: hardcover ? 'hardcover' : 'goodreads' };
}
