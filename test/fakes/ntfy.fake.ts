import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { decodeHeaderValue } from '../../src/notifications/hub/text/utf8';

/** A message as the fake ntfy server stored it (headers decoded the way ntfy decodes them). */
export interface NtfyPublish {
  topic: string;
  headers: IncomingMessage['headers'];
  /** Decoded Title / Tags (RFC 2047 encoded-words resolved, as ntfy does). */
  title?: string;
  tags: string[];
  priority?: string;
  markdown: boolean;
  body: Buffer;
  message: string;
}

export type NtfyBehaviour =
  { kind: 'ok' } | { kind: 'status'; status: number; body?: string } | { kind: 'hang'; ms: number };

const PRIORITIES: Record<string, number> = { min: 1, low: 2, default: 3, high: 4, max: 5, urgent: 5 };

/**
 * A small ntfy server on 127.0.0.1 speaking the header publish interface: POST /{topic} with Title,
 * Priority, Tags, Markdown and optional Authorization: Bearer. Like ntfy with attachments disabled, a
 * body over 4,096 bytes or not valid UTF-8 is refused with 400. `behaviours` are consumed one per
 * request (the last one stays), so a test can script "503, then ok".
 */
export class FakeNtfy {
  readonly published: NtfyPublish[] = [];
  /** Every request that reached the server, accepted or not. */
  requests = 0;
  behaviours: NtfyBehaviour[] = [{ kind: 'ok' }];
  requiredToken?: string;
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private nextId = 1;

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  script(...behaviours: NtfyBehaviour[]): this {
    this.behaviours = behaviours;
    return this;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => this.handle(req, Buffer.concat(chunks), res));
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private handle(req: IncomingMessage, body: Buffer, res: ServerResponse) {
    this.requests++;
    const behaviour = this.behaviours.length > 1 ? this.behaviours.shift()! : this.behaviours[0];
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (behaviour.kind === 'hang') {
      setTimeout(() => json(200, { id: 'late' }), behaviour.ms).unref();
      return;
    }
    if (behaviour.kind === 'status') {
      // ntfy's 429 carries no Retry-After header.
      json(behaviour.status, {
        code: behaviour.status * 100 + 1,
        http: behaviour.status,
        error: behaviour.body ?? 'error',
      });
      return;
    }
    const topic = decodeURIComponent((req.url ?? '/').slice(1).split('?')[0]);
    if (req.method !== 'POST' && req.method !== 'PUT') return json(405, { error: 'method not allowed' });
    if (!/^[-_A-Za-z0-9]{1,64}$/.test(topic)) return json(404, { error: 'page not found' });
    if (this.requiredToken && req.headers.authorization !== `Bearer ${this.requiredToken}`) {
      return json(req.headers.authorization ? 403 : 401, { code: 40101, http: 401, error: 'unauthorized' });
    }
    let message: string;
    try {
      message = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      return json(400, { code: 40013, http: 400, error: 'invalid request: attachments not allowed (not UTF-8)' });
    }
    if (body.length > 4096) {
      return json(400, { code: 40013, http: 400, error: 'invalid request: attachments not allowed (body too large)' });
    }
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? decodeHeaderValue(value) : undefined;
    };
    const priority = header('priority');
    if (priority !== undefined && !(priority in PRIORITIES) && !/^[1-5]$/.test(priority)) {
      return json(400, { code: 40007, http: 400, error: 'invalid priority' });
    }
    const tags = (header('tags') ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    const publish: NtfyPublish = {
      topic,
      headers: req.headers,
      title: header('title'),
      tags,
      priority,
      markdown: ['yes', 'true', '1'].includes((header('markdown') ?? '').toLowerCase()),
      body,
      message,
    };
    this.published.push(publish);
    json(200, {
      id: `msg${this.nextId++}`,
      time: Math.floor(Date.now() / 1000),
      event: 'message',
      topic,
      title: publish.title,
      message,
      priority: priority ? (PRIORITIES[priority] ?? Number(priority)) : undefined,
      tags: tags.length ? tags : undefined,
      content_type: publish.markdown ? 'text/markdown' : undefined,
    });
  }
}
