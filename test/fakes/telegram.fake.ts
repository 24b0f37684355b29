import { FakeHttpServer, RecordedRequest, sendJson } from './fake-http';

export interface TelegramMessage {
  token: string;
  form: Record<string, string>;
  request: RecordedRequest;
}

/**
 * The Telegram Bot API's sendMessage on 127.0.0.1 (POST /bot{token}/sendMessage, method names case-insensitive
 * as the Bot API takes them, form-encoded parameters). Answers as the Bot API does: 401 `Unauthorized` for an
 * unknown token, 400 `Bad Request: chat not found` for an unknown chat, `Bad Request: message thread not found`
 * for an unknown topic, 400 `Bad Request: message text is empty` without text; else `{ok: true, result}`.
 */
export class FakeTelegram {
  readonly messages: TelegramMessage[] = [];
  private nextId = 1;
  private readonly http = new FakeHttpServer((request, response) => {
    const match = /^\/bot([^/]+)\/sendmessage$/i.exec(request.url.pathname);
    if (request.method !== 'POST' || !match)
      return sendJson(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
    const token = decodeURIComponent(match[1]);
    if (token !== this.token)
      return sendJson(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const form = Object.fromEntries(new URLSearchParams(request.body.toString()));
    const refuse = (description: string) => sendJson(response, 400, { ok: false, error_code: 400, description });
    if (!this.chats.has(form.chat_id ?? '')) return refuse('Bad Request: chat not found');
    if (form.message_thread_id !== undefined && !this.topics.has(form.message_thread_id))
      return refuse('Bad Request: message thread not found');
    if (!form.text) return refuse('Bad Request: message text is empty');
    this.messages.push({ token, form, request });
    sendJson(response, 200, {
      ok: true,
      result: { message_id: this.nextId++, chat: { id: Number(form.chat_id) }, date: 0, text: form.text },
    });
  });

  constructor(
    private readonly token: string,
    private readonly chats: Set<string>,
    private readonly topics: Set<string> = new Set(),
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
