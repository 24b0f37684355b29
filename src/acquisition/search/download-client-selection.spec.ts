import { clientsForAuthorTags } from './download-client-selection';

describe('clientsForAuthorTags (Readarr download-client tag rule)', () => {
  const clients = [{ downloadClientId: 1 }, { downloadClientId: 2 }, { downloadClientId: 3 }];
  const tags = new Map([
    [1, [10]],
    [2, []],
    [3, [20, 30]],
  ]);
  const ids = (authorTags: number[], clientTags = tags) =>
    clientsForAuthorTags(clients, clientTags, authorTags).map((client) => client.downloadClientId);

  it('gives an author without tags only the untagged clients', () => {
    expect(ids([])).toEqual([2]);
  });

  it('gives a tagged author the clients sharing a tag, not the untagged ones', () => {
    expect(ids([10])).toEqual([1]);
    expect(ids([30, 10])).toEqual([1, 3]);
  });

  it('falls back to untagged clients when no client shares a tag of the author', () => {
    expect(ids([99])).toEqual([2]);
  });

  it('gives nothing when every client is tagged and none matches', () => {
    expect(
      ids(
        [],
        new Map([
          [1, [10]],
          [2, [10]],
          [3, [20]],
        ]),
      ),
    ).toEqual([]);
  });
});
