import { matchAuthor, matchBooks, parseWithSearchCriteria } from '../parser/book-matcher';
import type { LibraryAuthor, LibraryBook } from '../parser/library-lookup.repository';
import { parseReleaseTitle } from '../parser/release-parser';
import type { RemoteBook } from '../decision/remote-book';
import type { ReleaseInfo } from '../../integrations/indexer/indexer-client';
import type { GrabbedRelease, ReleaseSourceName } from '../queue/download.events';

/**
 * A search result mapped onto the searched author and books: "Author - Book" titles first, then
 * (Readarr's ParseBookTitleWithSearchCriteria) the author's name and a book title anywhere in the title.
 */
export function remoteForSearch(release: ReleaseInfo, author: LibraryAuthor, books: LibraryBook[]): RemoteBook {
  let parsed = parseReleaseTitle(release.title);
  let matchedAuthor = parsed ? matchAuthor(parsed, [author]) : undefined;
  let matched = parsed && matchedAuthor ? matchBooks(parsed, books) : [];
  if (!matchedAuthor || matched.length === 0) {
    const fallback = parseWithSearchCriteria(release.title, author, books);
    if (fallback) {
      parsed = { ...fallback, releaseGroup: parsed?.releaseGroup, releaseHash: parsed?.releaseHash };
      matchedAuthor = author;
      matched = matchBooks(fallback, books);
    }
  }
  return { release, parsed, author: matchedAuthor, books: matched, customFormats: [], customFormatScore: 0 };
}

export function toGrabbedRelease(remote: RemoteBook, source: ReleaseSourceName): GrabbedRelease {
  const { release } = remote;
  return {
    guid: release.guid,
    title: release.title,
    indexerId: release.indexerId,
    indexer: release.indexer,
    downloadUrl: release.downloadUrl,
    infoUrl: release.infoUrl,
    commentUrl: release.commentUrl,
    magnetUrl: release.magnetUrl,
    infoHash: release.infoHash,
    size: release.size,
    publishDate: release.publishDate ? new Date(release.publishDate).toISOString() : undefined,
    protocol: release.protocol,
    seeders: release.seeders,
    peers: release.peers,
    indexerFlags: release.indexerFlags ?? 0,
    releaseGroup: remote.parsed?.releaseGroup,
    releaseHash: remote.parsed?.releaseHash,
    source,
  };
}

export function toReleaseInfo(grabbed: GrabbedRelease, indexerPriority = 25): ReleaseInfo {
  return {
    title: grabbed.title,
    guid: grabbed.guid,
    downloadUrl: grabbed.downloadUrl,
    infoUrl: grabbed.infoUrl,
    commentUrl: grabbed.commentUrl,
    size: grabbed.size,
    publishDate: grabbed.publishDate ? new Date(grabbed.publishDate) : undefined,
    indexerId: grabbed.indexerId,
    indexer: grabbed.indexer,
    indexerPriority,
    protocol: grabbed.protocol,
    seeders: grabbed.seeders,
    peers: grabbed.peers,
    infoHash: grabbed.infoHash,
    magnetUrl: grabbed.magnetUrl,
    categories: [],
    indexerFlags: grabbed.indexerFlags,
  };
}
