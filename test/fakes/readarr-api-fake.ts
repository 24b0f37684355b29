import { FakeHttpServer, send, sendJson } from './fake-http';

export interface FakeRemoteAuthor {
  id: number;
  authorName: string;
  foreignAuthorId: string;
  monitored: boolean;
  qualityProfileId: number;
  rootFolderPath: string;
  tags: number[];
}

/** The part of a Readarr instance's v1 API that Readarr's import list calls, with X-Api-Key checked (401). */
export class FakeReadarrApi extends FakeHttpServer {
  authors: FakeRemoteAuthor[] = [];

  constructor(private readonly apiKey: string) {
    super((request, response) => {
      if (request.headers['x-api-key'] !== this.apiKey) return send(response, 401, '');
      switch (request.url.pathname) {
        case '/api/v1/system/status':
          return sendJson(response, 200, { appName: 'Readarr', version: '0.4.19.2811' });
        case '/api/v1/author':
          return sendJson(response, 200, this.authors);
        case '/api/v1/qualityprofile':
          return sendJson(response, 200, [
            { id: 2, name: 'Spoken' },
            { id: 1, name: 'eBook' },
          ]);
        case '/api/v1/tag':
          return sendJson(response, 200, [{ id: 5, label: 'sci-fi' }]);
        case '/api/v1/rootfolder':
          return sendJson(response, 200, [
            { id: 1, path: '/books/' },
            { id: 2, path: '/audiobooks/' },
          ]);
        default:
          return sendJson(response, 404, { message: 'NotFound' });
      }
    });
  }
}
