import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';

/** One SCGI request (a netstring of CGI headers, then the body) to `port`; answers the raw CGI-style response. */
export function scgiRequest(port: number, body: Buffer, uri = '/RPC2'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const headers = [
      ['CONTENT_LENGTH', String(body.length)],
      ['SCGI', '1'],
      ['REQUEST_METHOD', 'POST'],
      ['REQUEST_URI', uri],
      ['CONTENT_TYPE', 'text/xml'],
    ]
      .map(([name, value]) => `${name}\0${value}\0`)
      .join('');
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${Buffer.byteLength(headers)}:${headers},`);
      socket.write(body);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
}

/** Splits `Status: 200 OK\r\nContent-Type: text/xml\r\n\r\n<body>` into status, headers and body. */
export function parseScgiResponse(raw: Buffer): { status: number; headers: Record<string, string>; body: Buffer } {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error('SCGI answer without headers');
  const headers: Record<string, string> = {};
  for (const line of raw.subarray(0, end).toString('latin1').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(/^(\d{3})/.exec(headers.status ?? '200')?.[1] ?? 200);
  delete headers.status;
  return { status, headers, body: raw.subarray(end + 4) };
}

/**
 * What nginx (`scgi_pass`) or ruTorrent's web server does in front of rTorrent, which itself speaks only SCGI: an HTTP
 * endpoint at `/RPC2` with Basic authentication that forwards each POST to rTorrent's SCGI port and hands back its
 * answer. Anything else is answered as such a front would: 401 without the credentials, 404 off the path.
 */
export class ScgiHttpBridge {
  port = 0;
  private server?: Server;

  constructor(
    private readonly scgiPort: number,
    private readonly credentials: { username: string; password: string },
    private readonly path = '/RPC2',
  ) {}

  async start(): Promise<void> {
    const server = createServer((request, response) => void this.handle(request, response));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const expected = `Basic ${Buffer.from(`${this.credentials.username}:${this.credentials.password}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="rtorrent"' }).end('401 Authorization Required');
      return;
    }
    if (request.url !== this.path) {
      response.writeHead(404).end('404 Not Found');
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405).end('405 Not Allowed');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      const answer = parseScgiResponse(await scgiRequest(this.scgiPort, Buffer.concat(chunks), this.path));
      response.writeHead(answer.status, { 'Content-Type': answer.headers['content-type'] ?? 'text/xml' });
      response.end(answer.body);
    } catch {
      response.writeHead(502).end('502 Bad Gateway');
    }
  }
}
