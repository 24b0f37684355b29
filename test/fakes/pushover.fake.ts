import { FakeHttpServer, sendJson } from './fake-http';

/**
 * Pushover's message API on 127.0.0.1: POST /1/messages.json, form-encoded. As Pushover answers: 400 with
 * `status: 0` and `errors` for an invalid application token or user key or an emergency message without
 * retry/expire; else `{status: 1, request}`. Records each accepted form.
 */
export class FakePushover {
  readonly messages: Record<string, string>[] = [];
  private readonly http = new FakeHttpServer((request, response) => {
    if (request.method !== 'POST' || request.url.pathname !== '/1/messages.json')
      return sendJson(response, 404, { status: 0, errors: ['not found'] });
    const form = Object.fromEntries(new URLSearchParams(request.body.toString()));
    const errors: string[] = [];
    if (form.token !== this.token) errors.push('application token is invalid');
    if (form.user !== this.user) errors.push('user identifier is not a valid user, group, or subscribed user key');
    if (!form.message) errors.push('message cannot be blank');
    if (form.priority === '2' && (!form.retry || !form.expire))
      errors.push('retry and expire parameters must be supplied with a priority of 2');
    if (errors.length) return sendJson(response, 400, { status: 0, errors, request: 'fake' });
    this.messages.push(form);
    sendJson(response, 200, { status: 1, request: `req-${this.messages.length}` });
  });

  constructor(
    private readonly token: string,
    private readonly user: string,
  ) {}

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
