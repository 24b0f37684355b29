import { DownloadProtocol } from '../../integrations/core/download-protocol';
import type { BookGrabbedEvent, GrabbedRelease } from '../queue/download.events';

/** Readarr's `data` of a grabbed event (all values strings). */
export function grabbedData(init: BookGrabbedEvent['init'], now: Date): Record<string, string> {
  const release = init.release;
  const published = release.publishDate ? new Date(release.publishDate) : undefined;
  const ageMinutes = published ? (now.getTime() - published.getTime()) / 60_000 : 0;
  const data: Record<string, string | undefined> = {
    indexer: release.indexer,
    nzbInfoUrl: release.infoUrl,
    releaseGroup: release.releaseGroup,
    releaseHash: release.releaseHash,
    releaseSource: release.source ?? 'unknown',
    age: String(Math.floor(ageMinutes / 1440)),
    ageHours: String(ageMinutes / 60),
    ageMinutes: String(ageMinutes),
    publishedDate: published?.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    downloadClient: init.downloadClient,
    downloadClientName: init.downloadClient,
    downloadForced: String(init.downloadForced),
    size: String(release.size),
    downloadUrl: release.downloadUrl,
    guid: release.guid,
    protocol: String(DownloadProtocol.toNumber(release.protocol)),
    torrentInfoHash: release.infoHash,
    indexerFlags: String(release.indexerFlags ?? 0),
    customFormatScore: String(init.customFormatScore),
    indexerId: String(release.indexerId),
  };
  return Object.fromEntries(Object.entries(data).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Rebuilds the release of a grabbed history row (for blocklisting it when it is marked failed). */
export function releaseFromData(sourceTitle: string, data: Record<string, string>): GrabbedRelease {
  const protocol = DownloadProtocol.parse(data.protocol) ?? 'unknown';
  return {
    guid: data.guid ?? '',
    title: sourceTitle,
    indexerId: Number(data.indexerId ?? 0),
    indexer: data.indexer ?? '',
    downloadUrl: data.downloadUrl ?? '',
    infoUrl: data.nzbInfoUrl,
    infoHash: data.torrentInfoHash,
    size: Number(data.size ?? 0),
    publishDate: data.publishedDate,
    protocol,
    indexerFlags: Number(data.indexerFlags ?? 0),
    releaseGroup: data.releaseGroup,
    source: (data.releaseSource as GrabbedRelease['source']) ?? 'unknown',
  };
}
