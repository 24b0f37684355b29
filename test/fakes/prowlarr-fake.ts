import { FakeHttpServer, send } from './fake-http';
import { FakeNewznab, FakeRelease } from './newznab-fake';

export interface FakeProwlarrIndexer {
  id: number;
  name: string;
  torznab?: boolean;
  releases: FakeRelease[];
}

/**
 * Prowlarr's side of an application sync: every indexer it manages answers the Newznab/Torznab API under
 * `/{id}/api` with Prowlarr's own key, which it demands on every call (`t=caps` included, refused with 401).
 */
export class FakeProwlarr extends FakeHttpServer {
  private readonly mounted = new Map<number, FakeNewznab>();

  constructor(
    readonly apiKey: string,
    readonly indexers: FakeProwlarrIndexer[],
  ) {
    super((request, response) => {
      const [, id] = request.url.pathname.match(/^\/(\d+)(\/|$)/) ?? [];
      const indexer = id ? this.mounted.get(Number(id)) : undefined;
      if (!indexer) return send(response, 404, 'Not Found');
      indexer.handle(request, response);
    });
    for (const indexer of indexers)
      this.mounted.set(
        indexer.id,
        new FakeNewznab({
          apiKey,
          torznab: indexer.torznab,
          bookSearch: true,
          releases: indexer.releases,
          capsRequiresApiKey: true,
          refusedKeyStatus: 401,
          publicUrl: () => `${this.url}/${indexer.id}`,
        }),
      );
  }
}
