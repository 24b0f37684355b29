import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type FakeHandler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

/** A real HTTP server on 127.0.0.1 (port 0) that records every request. */
export class FakeHttpServer {
  readonly requests: RecordedRequest[] = [];
  private server?: Server;
  port = 0;

  constructor(private readonly handler: FakeHandler) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          url: new URL(req.url ?? '/', 'http://127.0.0.1'),
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        this.requests.push(recorded);
        Promise.resolve(this.handler(recorded, res)).catch((error: unknown) => {
          res.statusCode = 500;
          res.end(String(error));
        });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

export function send(response: ServerResponse, status: number, body: string | Buffer, type = 'text/plain'): void {
  response.statusCode = status;
  response.setHeader('Content-Type', type);
  response.end(body);
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  send(response, status, JSON.stringify(body), 'application/json');
}
