import { FakeHttpServer, RecordedRequest, sendJson } from './fake-http';

/**
 * Notifiarr's notification endpoint on 127.0.0.1: POST /api/v1/notification/readarr with the API key in
 * `X-API-Key`. An unknown key is a 401; `answers` (consumed one per request) let a test script other answers
 * (400 for an event without a channel, 503…). Records each accepted JSON body.
 */
export class FakeNotifiarr {
  readonly received: { apiKey: string; body: Record<string, unknown>; request: RecordedRequest }[] = [];
  answers: number[] = [];
  private readonly http = new FakeHttpServer((request, response) => {
    if (request.method !== 'POST' || request.url.pathname !== '/api/v1/notification/readarr')
      return sendJson(response, 404, { result: 'error', details: { response: 'not found' } });
    const apiKey = String(request.headers['x-api-key'] ?? '');
    if (!this.apiKeys.includes(apiKey))
      return sendJson(response, 401, { result: 'error', details: { response: 'invalid API key' } });
    const scripted = this.answers.shift();
    if (scripted !== undefined && scripted !== 200)
      return sendJson(response, scripted, { result: 'error', details: { response: `answer ${scripted}` } });
    this.received.push({ apiKey, body: JSON.parse(request.body.toString()), request });
    sendJson(response, 200, { result: 'success', details: { response: 'sent' } });
  });

  constructor(private readonly apiKeys: string[]) {}

  get url(): string {
    return this.http.url;
  }

  get requests(): RecordedRequest[] {
    return this.http.requests;
  }

  async start(): Promise<this> {
    await this.http.start();
    return this;
  }

  stop(): Promise<void> {
    return this.http.stop();
  }
}
