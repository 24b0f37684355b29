import { Injectable, Logger } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { BlocklistService } from '../blocklist/blocklist.service';
import { BadRequestError, ConflictError } from '../../platform/common/errors/domain-errors';
import type { RemoteBook } from '../decision/remote-book';
import { qualityModel } from '../parser/quality-model';
import {
  type DownloadClient,
  isRecentBook,
  type ReleaseToDownload,
} from '../../integrations/download-client/download-client';
import { DownloadClientFactory } from '../../integrations/download-client/download-client-factory.service';
import { DownloadClientService } from '../../integrations/download-client/download-client.service';
import { fetchTorrent } from '../../integrations/download-client/torrent-file';
import { IndexerService } from '../../integrations/indexer/indexer.service';
import { BookGrabbedEvent, type ReleaseSourceName } from '../queue/download.events';
import type { TrackedDownload } from '../queue/tracked-download.entity';
import { TrackedDownloadService } from '../queue/tracked-download.service';
import { clientsForAuthorTags } from './download-client-selection';
import { toGrabbedRelease } from './remote-book.factory';

export interface GrabOptions {
  /** Chosen by the user (interactive search, queue grab, push with a client). */
  forced: boolean;
  source: ReleaseSourceName;
  downloadClientId?: number;
}

/**
 * Sends a release to a download client (Readarr's DownloadService): the client the indexer names, else the
 * first enabled, not backed-off client of the release's protocol by priority; the client files it under the
 * category of its own settings. Records the tracked download and publishes `book.grabbed`.
 */
@Injectable()
export class GrabService {
  private readonly logger = new Logger(GrabService.name);

  constructor(
    private readonly clients: DownloadClientFactory,
    private readonly clientDefinitions: DownloadClientService,
    private readonly indexers: IndexerService,
    private readonly tracked: TrackedDownloadService,
    private readonly events: DomainEvents,
    private readonly blocklist: BlocklistService,
  ) {}

  /** The Torznab indexer's seed criteria for the release (the discography seed time for a discography). */
  private async seedConfiguration(remote: RemoteBook): Promise<ReleaseToDownload['seedConfiguration']> {
    if (!remote.release.indexerId) return undefined;
    try {
      const definition = await this.indexers.require(remote.release.indexerId);
      const criteria = (definition.settings as { seedCriteria?: Record<string, number | null | undefined> })
        .seedCriteria;
      if (!criteria) return undefined;
      const ratio = criteria.seedRatio ?? undefined;
      const seedTimeMinutes =
        (remote.parsed?.discography ? criteria.discographySeedTime : criteria.seedTime) ?? undefined;
      return ratio === undefined && seedTimeMinutes === undefined ? undefined : { ratio, seedTimeMinutes };
    } catch {
      return undefined; // The indexer is gone: no seed goal of its own.
    }
  }

  async grab(remote: RemoteBook, options: GrabOptions): Promise<TrackedDownload> {
    const { release } = remote;
    if (!remote.author || remote.books.length === 0)
      throw new BadRequestError('Unable to find matching author and books');
    const client = await this.pickClient(remote, options.downloadClientId);
    await this.ensureHashNotBlocklisted(remote, options.source);
    let downloadId: string;
    try {
      downloadId = await client.download({
        title: release.title,
        downloadUrl: release.downloadUrl,
        protocol: release.protocol,
        magnetUrl: release.magnetUrl,
        infoHash: release.infoHash,
        recentBook: isRecentBook(remote.books.map((book) => book.releaseDate)),
        seedConfiguration: release.protocol === 'torrent' ? await this.seedConfiguration(remote) : undefined,
      });
    } catch (error) {
      throw new ConflictError(`Failed to send ${release.title} to ${client.name}: ${(error as Error).message}`);
    }
    const quality = qualityModel(remote.parsed?.qualityId ?? 0, remote.parsed?.revision);
    const grabbed = toGrabbedRelease(remote, options.source);
    const download = await this.tracked.create({
      downloadClientId: client.downloadClientId,
      downloadId,
      authorId: remote.author.id,
      bookIds: remote.books.map((book) => book.id),
      title: release.title,
      indexer: release.indexer,
      protocol: release.protocol,
      quality,
      release: grabbed,
      customFormatIds: remote.customFormats.map((format) => format.id),
      customFormatScore: remote.customFormatScore,
      downloadForced: options.forced,
      size: String(release.size),
      sizeLeft: String(release.size),
    });
    await this.tracked.removePendingForBooks(download.bookIds);
    this.logger.log(`Grabbed ${release.title} from ${release.indexer}, sent to ${client.name} as ${downloadId}`);
    const init = {
      trackedDownloadId: download.id,
      authorId: remote.author.id,
      authorName: remote.author.name,
      bookIds: download.bookIds,
      bookTitles: remote.books.map((book) => book.title),
      release: grabbed,
      quality,
      customFormatIds: download.customFormatIds,
      customFormatScore: remote.customFormatScore,
      downloadClientId: client.downloadClientId,
      downloadClient: client.name,
      downloadId,
      downloadForced: options.forced,
    };
    await this.events.emitAsync(BookGrabbedEvent.NAME, new BookGrabbedEvent(init));
    return download;
  }

  /**
   * Readarr's EnsureReleaseIsNotBlocklisted: a torrent whose hash the indexer did not give is only known once its
   * file is fetched, so the decision's blocklist rule could not see it. When the indexer asks for it
   * (`rejectBlocklistedTorrentHashesWhileGrabbing`) and the user did not pick the release, the hash is learnt here
   * (one extra fetch of the .torrent, only then) and a blocklisted one refused. The learnt hash stays on the release
   * so a later failure blocklists it.
   */
  private async ensureHashNotBlocklisted(remote: RemoteBook, source: ReleaseSourceName): Promise<void> {
    const { release } = remote;
    if (release.protocol !== 'torrent' || release.infoHash || !release.indexerId) return;
    if (source === 'interactiveSearch') return;
    const rules = (await this.indexers.releaseRules()).get(release.indexerId);
    if (!rules?.rejectBlocklistedTorrentHashesWhileGrabbing) return;
    let hash: string;
    try {
      hash = (await fetchTorrent(release)).hash;
    } catch {
      return; // The client's own fetch reports the failure in its words.
    }
    release.infoHash = hash;
    const blocked = await this.blocklist.forAuthor(remote.author!.id);
    if (blocked.some((entry) => entry.torrentInfoHash?.toUpperCase() === hash))
      throw new ConflictError('Release previously added to blocklist');
  }

  /**
   * The client the user chose; else, among the enabled, not backed-off clients of the release's protocol that the
   * author's tags allow (see `clientsForAuthorTags`), the one the indexer names or the first by priority.
   */
  private async pickClient(remote: RemoteBook, requested: number | undefined): Promise<DownloadClient> {
    const protocol = remote.release.protocol;
    if (requested) return this.clients.client(requested);
    const enabled = await this.clients.enabledFor(protocol);
    if (enabled.length === 0) throw new ConflictError(`No ${protocol} download client is available`);
    const clientTags = new Map(
      (await this.clientDefinitions.listEnabled()).map((definition) => [definition.id, definition.tags ?? []]),
    );
    const available = clientsForAuthorTags(enabled, clientTags, remote.author?.tags ?? []);
    if (available.length === 0)
      throw new ConflictError(
        'No download client was found without tags or a matching author tag. Please check your settings.',
      );
    const preferred = await this.indexerClientId(remote.release.indexerId);
    if (preferred > 0) {
      const client = available.find((candidate) => candidate.downloadClientId === preferred);
      if (!client) throw new ConflictError('Indexer specified download client is not available');
      return client;
    }
    return available[0];
  }

  private async indexerClientId(indexerId: number): Promise<number> {
    if (!indexerId) return 0;
    try {
      const definition = await this.indexers.require(indexerId);
      return Number(definition.options.downloadClientId ?? 0);
    } catch {
      return 0; // The indexer is gone (pushed release): any client of the protocol will do.
    }
  }
}
