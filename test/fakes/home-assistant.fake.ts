import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo, Socket } from 'node:net';

export interface WebhookCall {
  webhookId: string;
  headers: IncomingMessage['headers'];
  /** What the automation sees as trigger.json (only for Content-Type: application/json). */
  json?: Record<string, unknown>;
  raw: string;
}

export type HaBehaviour = { kind: 'ok' } | { kind: 'status'; status: number } | { kind: 'hang'; ms: number };

/**
 * Home Assistant's webhook trigger, as it behaves: POST /api/webhook/{id} answers 200 with an empty
 * body for almost everything, unknown ids included (the automation would run afterwards). The JSON
 * payload is parsed only when the Content-Type is application/json, as in Home Assistant.
 */
export class FakeHomeAssistant {
  readonly calls: WebhookCall[] = [];
  readonly knownWebhooks = new Set<string>(['quire-tts']);
  behaviours: HaBehaviour[] = [{ kind: 'ok' }];
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  webhookUrl(id = 'quire-tts'): string {
    return `${this.url}/api/webhook/${id}`;
  }

  /** Calls whose webhook id has an automation (these would be spoken). */
  get triggered(): WebhookCall[] {
    return this.calls.filter((call) => this.knownWebhooks.has(call.webhookId));
  }

  script(...behaviours: HaBehaviour[]): this {
    this.behaviours = behaviours;
    return this;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const behaviour = this.behaviours.length > 1 ? this.behaviours.shift()! : this.behaviours[0];
        const match = /^\/api\/webhook\/([^/?]+)/.exec(req.url ?? '');
        if (!match || req.method !== 'POST') {
          res.writeHead(405).end();
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        let json: Record<string, unknown> | undefined;
        if ((req.headers['content-type'] ?? '').startsWith('application/json')) {
          try {
            json = JSON.parse(raw) as Record<string, unknown>;
          } catch {
            json = undefined;
          }
        }
        this.calls.push({ webhookId: decodeURIComponent(match[1]), headers: req.headers, json, raw });
        if (behaviour.kind === 'hang') {
          setTimeout(() => res.writeHead(200).end(), behaviour.ms).unref();
        } else {
          res.writeHead(behaviour.kind === 'status' ? behaviour.status : 200).end();
        }
      });
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
}
