import type { AddAuthorInput } from './add-author.service';
import type { AuthorResource } from './author.resource';
import type { MediaCoverValue } from './catalogue-values';

/** A posted AuthorResource → what AddAuthorService needs (images keep their remote url). */
export function toAddAuthorInput(body: AuthorResource): AddAuthorInput {
  return {
    foreignAuthorId: body.foreignAuthorId,
    authorName: body.authorName,
    titleSlug: body.titleSlug,
    overview: body.overview,
    disambiguation: body.disambiguation,
    status: body.status,
    images: body.images?.map((image): MediaCoverValue => ({
      url: image.remoteUrl ?? image.url,
      coverType: image.coverType ?? 'unknown',
      extension: image.extension,
    })),
    links: body.links,
    genres: body.genres,
    ratings: body.ratings,
    qualityProfileId: body.qualityProfileId,
    metadataProfileId: body.metadataProfileId,
    path: body.path,
    rootFolderPath: body.rootFolderPath,
    monitored: body.monitored,
    monitorNewItems: body.monitorNewItems,
    tags: body.tags,
    addOptions: body.addOptions,
  };
}
