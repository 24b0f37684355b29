/**
 * The body of `POST /api/v1/book` for a looked-up book whose author is not in the library yet: the book monitored,
 * no search, the new author added unmonitored-for-new-items under the given profiles and root folder.
 */
export function newBookWithAuthor(
  lookedUp: Record<string, any>,
  author: { metadataProfileId: number; rootFolderPath: string; qualityProfileId?: number },
): Record<string, unknown> {
  return {
    ...lookedUp,
    monitored: true,
    addOptions: { addType: 'manual', searchForNewBook: false },
    author: {
      ...lookedUp.author,
      qualityProfileId: author.qualityProfileId ?? 1,
      metadataProfileId: author.metadataProfileId,
      rootFolderPath: author.rootFolderPath,
      monitored: true,
      monitorNewItems: 'none',
      addOptions: { monitor: 'none', searchForMissingBooks: false },
    },
  };
}
