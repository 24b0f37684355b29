import { qualityRank } from '../../library/profile/quality/quality';
import type { QualityProfileItem } from '../../library/profile/quality/quality';
import { qualityModel } from '../parser/quality-model';
import type { CustomFormatResource } from '../../library/profile/custom-format/custom-format.resource';
import { ageMinutes, type DownloadDecision } from '../decision/remote-book';
import type { ReleaseResource } from './release.resource';

export interface ReleaseMapping {
  now: Date;
  formats: Map<number, CustomFormatResource>;
  profileItems: (authorId: number | undefined) => QualityProfileItem[];
}

/** A decision as Readarr's ReleaseResource; `releaseWeight` is the position in the best-first list. */
export function toReleaseResource(decision: DownloadDecision, index: number, mapping: ReleaseMapping): ReleaseResource {
  const { release, parsed, author, books } = decision.remote;
  const minutes = ageMinutes(release, mapping.now);
  const qualityId = parsed?.qualityId ?? 0;
  const revision = parsed?.revision ?? { version: 1, real: 0, isRepack: false };
  const rank = Math.max(0, qualityRank(mapping.profileItems(author?.id), qualityId));
  return {
    guid: release.guid,
    quality: qualityModel(qualityId, revision),
    qualityWeight: rank * 100 + revision.real * 10 + revision.version,
    age: Math.floor(minutes / 1440),
    ageHours: minutes / 60,
    ageMinutes: minutes,
    size: release.size,
    indexerId: release.indexerId,
    indexer: release.indexer,
    releaseGroup: parsed?.releaseGroup,
    releaseHash: parsed?.releaseHash,
    title: release.title,
    discography: parsed?.discography ?? false,
    sceneSource: false,
    authorName: parsed?.authorName,
    bookTitle: parsed?.bookTitle,
    approved: decision.approved,
    temporarilyRejected: decision.temporarilyRejected,
    rejected: decision.rejected,
    rejections: decision.rejections.map((rejection) => rejection.reason),
    publishDate: release.publishDate ? new Date(release.publishDate) : new Date(0),
    commentUrl: release.commentUrl,
    downloadUrl: release.downloadUrl,
    infoUrl: release.infoUrl,
    downloadAllowed: decision.downloadAllowed,
    releaseWeight: index,
    customFormats: decision.remote.customFormats.flatMap((format) => mapping.formats.get(format.id) ?? []),
    customFormatScore: decision.remote.customFormatScore,
    magnetUrl: release.magnetUrl,
    infoHash: release.infoHash,
    seeders: release.protocol === 'torrent' ? release.seeders : undefined,
    leechers:
      release.protocol === 'torrent' && release.peers !== undefined
        ? Math.max(0, release.peers - (release.seeders ?? 0))
        : undefined,
    protocol: release.protocol,
    indexerFlags: release.indexerFlags ?? 0,
    authorId: author?.id,
    bookId: books[0]?.id,
  };
}
