import { dirname } from 'node:path';
import type { AuthorRow, AuthorStatisticsRow, NeighbourBookRow } from './author.repository';
import type { AuthorResource, AuthorStatisticsResource, BookModel } from './author.resource';
import { EMPTY_RATINGS, type MediaCoverValue } from './catalogue-values';
import type { MediaCover } from './media.resource';

export interface AuthorMappingContext {
  urlBase: string;
  /** Paths of the configured root folders, for recomputing rootFolderPath. */
  rootFolderPaths: string[];
  statistics: Map<number, AuthorStatisticsRow>;
  nextBooks: Map<number, NeighbourBookRow>;
  lastBooks: Map<number, NeighbourBookRow>;
}

export function emptyAuthorStatistics(): AuthorStatisticsResource {
  return { bookFileCount: 0, bookCount: 0, availableBookCount: 0, totalBookCount: 0, sizeOnDisk: 0, percentOfBooks: 0 };
}

export function toAuthorStatistics(row: AuthorStatisticsRow | undefined): AuthorStatisticsResource {
  if (!row) return emptyAuthorStatistics();
  return {
    bookFileCount: row.bookFileCount,
    bookCount: row.bookCount,
    availableBookCount: row.availableBookCount,
    totalBookCount: row.totalBookCount,
    sizeOnDisk: row.sizeOnDisk,
    percentOfBooks: row.bookCount === 0 ? 0 : (row.availableBookCount / row.bookCount) * 100,
  };
}

/** The configured root folder that contains `path` (longest match), like Readarr's GetBestRootFolderPath. */
export function bestRootFolderPath(path: string, rootFolderPaths: string[], stored: string | null): string {
  let best: string | undefined;
  for (const root of rootFolderPaths) {
    const trimmed = root.replace(/[/\\]+$/, '') || root;
    if (
      (path === trimmed || path.startsWith(trimmed + '/') || path.startsWith(trimmed + '\\')) &&
      trimmed.length > (best?.length ?? -1)
    ) {
      best = trimmed;
    }
  }
  return best ?? stored ?? dirname(path);
}

function extensionOf(url: string | null | undefined): string | undefined {
  const match = url ? /(\.[A-Za-z0-9]{2,4})(?:\?.*)?$/.exec(url) : null;
  return match ? match[1] : undefined;
}

/** Rewrites stored (remote) images to local MediaCover urls; the original goes to remoteUrl. */
export function mapImages(images: MediaCoverValue[] | null | undefined, localBase: string | undefined): MediaCover[] {
  return (images ?? []).map((image) => {
    const remoteUrl = image.remoteUrl ?? image.url ?? undefined;
    const coverType = (image.coverType ?? 'unknown') as MediaCover['coverType'];
    const extension = image.extension ?? extensionOf(remoteUrl) ?? '.jpg';
    return {
      url: localBase ? `${localBase}/${coverType}${extension}` : remoteUrl,
      coverType,
      extension,
      remoteUrl,
    };
  });
}

export function toBookModel(row: NeighbourBookRow | undefined): BookModel | undefined {
  if (!row) return undefined;
  return {
    id: row.id,
    authorMetadataId: row.authorMetadataId,
    foreignBookId: row.foreignBookId,
    foreignEditionId: row.foreignEditionId ?? undefined,
    titleSlug: row.titleSlug ?? undefined,
    title: row.title,
    releaseDate: row.releaseDate ?? undefined,
    links: row.links ?? [],
    genres: row.genres ?? [],
    relatedBooks: row.relatedBooks ?? [],
    ratings: row.ratings ?? EMPTY_RATINGS,
    lastSearchTime: row.lastSearchTime ?? undefined,
    cleanTitle: row.cleanTitle,
    monitored: row.monitored,
    anyEditionOk: row.anyEditionOk,
    lastInfoSync: row.lastInfoSync ?? undefined,
    added: row.added,
    addOptions: row.addOptions ?? undefined,
    // Readarr writes unloaded lazy relations as explicit nulls; the global replacer drops nulls,
    // so these stay absent on the wire — clients only read title/releaseDate.
    authorMetadata: null,
    author: null,
    editions: null,
    bookFiles: null,
    seriesLinks: null,
  };
}

export function toAuthorResource(row: AuthorRow, context: AuthorMappingContext): AuthorResource {
  const remotePoster = row.images?.find((image) => image.coverType === 'poster');
  return {
    id: row.id,
    authorMetadataId: row.authorMetadataId,
    status: row.status,
    ended: row.status === 'ended',
    authorName: row.name,
    authorNameLastFirst: row.nameLastFirst ?? undefined,
    foreignAuthorId: row.foreignAuthorId,
    titleSlug: row.titleSlug ?? row.foreignAuthorId,
    overview: row.overview ?? undefined,
    disambiguation: row.disambiguation ?? undefined,
    links: row.links ?? [],
    nextBook: toBookModel(context.nextBooks.get(row.id)),
    lastBook: toBookModel(context.lastBooks.get(row.id)),
    images: mapImages(row.images, `${context.urlBase}/MediaCover/${row.id}`),
    remotePoster: remotePoster ? (remotePoster.remoteUrl ?? remotePoster.url ?? undefined) : undefined,
    path: row.path,
    qualityProfileId: row.qualityProfileId,
    metadataProfileId: row.metadataProfileId,
    monitored: row.monitored,
    monitorNewItems: row.monitorNewItems,
    rootFolderPath: bestRootFolderPath(row.path, context.rootFolderPaths, row.rootFolderPath),
    genres: row.genres ?? [],
    cleanName: row.cleanName,
    sortName: row.sortName,
    sortNameLastFirst: row.sortNameLastFirst ?? undefined,
    tags: row.tags ?? [],
    added: row.added,
    addOptions: (row.addOptions as AuthorResource['addOptions']) ?? undefined,
    ratings: row.ratings ?? EMPTY_RATINGS,
    statistics: toAuthorStatistics(context.statistics.get(row.id)),
  };
}
