/**
 * Readarr's tag rule for download clients (DownloadClientProvider.GetDownloadClient): an author with tags uses the
 * clients that share one of them, or the untagged clients when none does; an author without tags uses only untagged
 * clients. A tagged client therefore never takes releases of authors without a shared tag.
 */
export function clientsForAuthorTags<C extends { downloadClientId: number }>(
  clients: C[],
  clientTags: Map<number, number[]>,
  authorTags: number[],
): C[] {
  const tagsOf = (client: C) => clientTags.get(client.downloadClientId) ?? [];
  const untagged = clients.filter((client) => tagsOf(client).length === 0);
  if (authorTags.length === 0) return untagged;
  const sharing = clients.filter((client) => tagsOf(client).some((tag) => authorTags.includes(tag)));
  return sharing.length > 0 ? sharing : untagged;
}
