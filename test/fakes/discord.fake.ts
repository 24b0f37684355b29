import { FakeHttpServer, RecordedRequest, send, sendJson } from './fake-http';

export interface DiscordExecution {
  webhookId: string;
  token: string;
  body: Record<string, any>;
  request: RecordedRequest;
}

/**
 * Discord's Execute Webhook on 127.0.0.1: POST /api/webhooks/{id}/{token} with a JSON body that has `content`,
 * `embeds` or both (else 400 with Discord's error code 50006, as Discord answers an empty message). An unknown
 * id/token is 401 "Invalid Webhook Token". Success is 204 without a body (no `?wait=true`).
 */
export class FakeDiscord {
  readonly executions: DiscordExecution[] = [];
  private readonly http = new FakeHttpServer((request, response) => {
    const match = /^\/api\/webhooks\/([^/]+)\/([^/]+)$/.exec(request.url.pathname);
    if (request.method !== 'POST' || !match) return sendJson(response, 404, { message: '404: Not Found', code: 0 });
    const [, webhookId, token] = match;
    if (this.tokens.get(webhookId) !== token)
      return sendJson(response, 401, { message: 'Invalid Webhook Token', code: 50027 });
    let body: Record<string, any>;
    try {
      body = JSON.parse(request.body.toString());
    } catch {
      return sendJson(response, 400, { message: 'The request body contains invalid JSON.', code: 50109 });
    }
    if (!body.content && !(Array.isArray(body.embeds) && body.embeds.length > 0))
      return sendJson(response, 400, { message: 'Cannot send an empty message', code: 50006 });
    this.executions.push({ webhookId, token, body, request });
    send(response, 204, '');
  });

  constructor(private readonly tokens: Map<string, string>) {}

  webhookUrl(id: string): string {
    return `${this.http.url}/api/webhooks/${id}/${this.tokens.get(id) ?? 'unknown'}`;
  }

  get url(): string {
    return this.http.url;
  }

  async start(): Promise<this> {
    await this.http.start();
    return this;
  }

  stop(): Promise<void> {
    return this.http.stop();
  }
}
