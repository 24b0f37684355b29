import { ValidationFailure } from '../../platform/common/errors/domain-errors';
import { DownloadProtocolName } from '../core/download-protocol';
import { Provider } from '../core/provider';
import { ProviderDefinition } from '../core/provider-definition.entity';

export type DownloadItemStatus = 'queued' | 'paused' | 'downloading' | 'completed' | 'failed' | 'warning';

/** One download as the client reports it (Readarr's DownloadClientItem). */
export interface DownloadClientItem {
  downloadClientId: number;
  downloadClient: string;
  /** Upper-case info hash for torrents, nzo id for SABnzbd, `<client>_<title>` for blackholes. */
  downloadId: string;
  title: string;
  category?: string;
  totalSize: number;
  remainingSize: number;
  /** Seconds, when the client knows. */
  remainingTime?: number;
  status: DownloadItemStatus;
  outputPath?: string;
  message?: string;
  canMoveFiles: boolean;
  canBeRemoved: boolean;
}

/** What a download client needs of a release (a subset of the indexer's ReleaseInfo). */
export interface ReleaseToDownload {
  title: string;
  downloadUrl: string;
  protocol: DownloadProtocolName;
  magnetUrl?: string;
  infoHash?: string;
  /** One of its books came out within the last 14 days (Readarr's IsRecentBook): picks the recent or older priority. */
  recentBook?: boolean;
  /** The indexer's seed goal (Readarr's TorrentSeedConfiguration), set on the torrent at grab. */
  seedConfiguration?: { ratio?: number; seedTimeMinutes?: number };
}

/** Readarr's IsRecentBook: a book released on or after the day two weeks before today (UTC). */
export function isRecentBook(releaseDates: (Date | null | undefined)[], now = new Date()): boolean {
  const since = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 14);
  return releaseDates.some((date) => date != null && new Date(date).getTime() >= since);
}

/** A configured download client ready to use. */
export interface DownloadClient {
  readonly downloadClientId: number;
  readonly name: string;
  readonly protocol: DownloadProtocolName;
  test(): Promise<ValidationFailure[]>;
  /** Sends the release; answers the download id the client tracks it by. */
  download(release: ReleaseToDownload): Promise<string>;
  getItems(): Promise<DownloadClientItem[]>;
  removeItem(downloadId: string, deleteData: boolean): Promise<void>;
  /** The category downloads move to once imported (Readarr's post-import category), for clients that have one. */
  readonly postImportCategory?: string;
  /** Moves a download to `postImportCategory` (Readarr's MarkItemAsImported); only clients with one implement it. */
  markItemAsImported?(downloadId: string): Promise<void>;
}

/** A client as the factory hands it out: with the per-client handling flags of its definition. */
export interface ConfiguredDownloadClient extends DownloadClient {
  /** Readarr's RemoveCompletedDownloads: an imported download leaves the client once the client allows it. */
  readonly removeCompletedDownloads: boolean;
  /** Readarr's RemoveFailedDownloads: a failed download leaves the client, with its data, when the client allows it. */
  readonly removeFailedDownloads: boolean;
}

export interface DownloadClientProvider<S extends object = object> extends Provider<S> {
  createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: S): DownloadClient;
}

/** Providers test by building a throw-away client for the unsaved settings. */
export abstract class DownloadClientProviderBase<S extends object> implements DownloadClientProvider<S> {
  abstract readonly meta: DownloadClientProvider<S>['meta'];
  abstract createClient(definition: Pick<ProviderDefinition, 'id' | 'name'>, settings: S): DownloadClient;

  test(settings: S, context: { id?: number; name: string }): Promise<ValidationFailure[]> {
    return this.createClient({ id: context.id ?? 0, name: context.name }, settings).test();
  }
}
