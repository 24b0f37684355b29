import { createServer, IncomingMessage, request, Server, ServerResponse } from 'node:http';
import { AddressInfo, connect, Socket } from 'node:net';

export interface ProxiedRequest {
  /** `GET http://host:port/path` for forwarded requests, `CONNECT host:port` for tunnels. */
  line: string;
  authorized: boolean;
}

/**
 * A real HTTP proxy on 127.0.0.1: forwards absolute-URI requests and opens `CONNECT` tunnels, after checking
 * `Proxy-Authorization` (Basic) when credentials are set; wrong or missing ones get 407. Records what passed.
 */
export class FakeHttpProxy {
  readonly seen: ProxiedRequest[] = [];
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly credentials?: { username: string; password: string }) {
    this.server = createServer((req, res) => this.forward(req, res));
    this.server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => this.tunnel(req, client, head));
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private authorized(req: IncomingMessage): boolean {
    if (!this.credentials) return true;
    const expected = Buffer.from(`${this.credentials.username}:${this.credentials.password}`).toString('base64');
    return req.headers['proxy-authorization'] === `Basic ${expected}`;
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    const authorized = this.authorized(req);
    this.seen.push({ line: `${req.method} ${req.url}`, authorized });
    if (!authorized) {
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="fake"' }).end();
      return;
    }
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = request(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  }

  private tunnel(req: IncomingMessage, client: Socket, head: Buffer): void {
    const authorized = this.authorized(req);
    this.seen.push({ line: `CONNECT ${req.url}`, authorized });
    this.sockets.add(client);
    if (!authorized) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="fake"\r\n\r\n');
      return;
    }
    const { hostname, port } = new URL(`http://${req.url}`);
    const upstream = connect(Number(port), hostname.replace(/^\[(.*)\]$/, '$1'), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    this.sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  }
}
