import { AddressInfo, createServer, connect, Server, Socket } from 'node:net';

export interface SocksConnection {
  /** `host:port` the client asked for (host names as sent: the proxy resolves them). */
  destination: string;
  username?: string;
  version: 4 | 5;
}

/** Reads exactly `count` bytes from the socket's stream, across chunks. */
class ByteReader {
  private buffered = Buffer.alloc(0);
  private waiting?: () => void;

  constructor(socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.waiting?.();
    });
  }

  async read(count: number): Promise<Buffer> {
    while (this.buffered.length < count) await new Promise<void>((resolve) => (this.waiting = resolve));
    const bytes = this.buffered.subarray(0, count);
    this.buffered = this.buffered.subarray(count);
    return bytes;
  }

  rest(): Buffer {
    return this.buffered;
  }
}

/**
 * A real SOCKS server on 127.0.0.1, CONNECT only: SOCKS5 (RFC 1928) with username/password authentication (RFC 1929)
 * when credentials are set, and SOCKS4/4a, whose user id must then be the username. Records each connection it
 * opened and each login it refused.
 */
export class FakeSocksProxy {
  readonly connections: SocksConnection[] = [];
  readonly refusedLogins: string[] = [];
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly credentials?: { username: string; password: string }) {
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => socket.destroy());
      this.handle(socket).catch(() => socket.destroy());
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(socket: Socket): Promise<void> {
    const reader = new ByteReader(socket);
    const [version, methodCount] = await reader.read(2);
    if (version === 4) return this.handleSocks4(socket, reader, methodCount);
    if (version !== 5) return void socket.destroy();
    const methods = [...(await reader.read(methodCount))];
    const wanted = this.credentials ? 0x02 : 0x00;
    if (!methods.includes(wanted)) return void socket.end(Buffer.from([5, 0xff]));
    socket.write(Buffer.from([5, wanted]));
    let username: string | undefined;
    if (this.credentials) {
      const [, userLength] = await reader.read(2);
      username = (await reader.read(userLength)).toString();
      const [passwordLength] = await reader.read(1);
      const password = (await reader.read(passwordLength)).toString();
      const ok = username === this.credentials.username && password === this.credentials.password;
      if (!ok) {
        this.refusedLogins.push(username);
        return void socket.end(Buffer.from([1, 1]));
      }
      socket.write(Buffer.from([1, 0]));
    }
    const [, command, , addressType] = await reader.read(4);
    let host: string;
    if (addressType === 1) host = [...(await reader.read(4))].join('.');
    else if (addressType === 3) host = (await reader.read((await reader.read(1))[0])).toString();
    else host = ((await reader.read(16)).toString('hex').match(/.{4}/g) ?? []).join(':');
    const port = (await reader.read(2)).readUInt16BE(0);
    if (command !== 1) return void socket.end(Buffer.from([5, 7, 0, 1, 0, 0, 0, 0, 0, 0]));
    this.connections.push({ destination: `${host}:${port}`, username, version: 5 });
    this.splice(
      socket,
      reader,
      host,
      port,
      Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]),
      Buffer.from([5, 5, 0, 1, 0, 0, 0, 0, 0, 0]),
    );
  }

  /** SOCKS4: the command byte came with the version; then port, IPv4, a NUL-ended user id, and for 4a the host. */
  private async handleSocks4(socket: Socket, reader: ByteReader, command: number): Promise<void> {
    const port = (await reader.read(2)).readUInt16BE(0);
    const address = [...(await reader.read(4))];
    const userId = await this.readNulEnded(reader);
    const refused = Buffer.from([0, 0x5b, 0, 0, 0, 0, 0, 0]);
    if (command !== 1) return void socket.end(refused);
    if (this.credentials && userId !== this.credentials.username) {
      this.refusedLogins.push(userId);
      return void socket.end(refused);
    }
    const socks4a = address[0] === 0 && address[1] === 0 && address[2] === 0 && address[3] !== 0;
    const host = socks4a ? await this.readNulEnded(reader) : address.join('.');
    this.connections.push({ destination: `${host}:${port}`, username: userId || undefined, version: 4 });
    this.splice(socket, reader, host, port, Buffer.from([0, 0x5a, 0, 0, 0, 0, 0, 0]), refused);
  }

  private async readNulEnded(reader: ByteReader): Promise<string> {
    const bytes: number[] = [];
    for (let byte = (await reader.read(1))[0]; byte !== 0; byte = (await reader.read(1))[0]) bytes.push(byte);
    return Buffer.from(bytes).toString();
  }

  /** Connects to the destination, answers `granted` (or `failed`), then passes bytes both ways. */
  private splice(
    socket: Socket,
    reader: ByteReader,
    host: string,
    port: number,
    granted: Buffer,
    failed: Buffer,
  ): void {
    const upstream = connect(port, host, () => {
      socket.write(granted);
      const early = reader.rest();
      if (early.length > 0) upstream.write(early);
      socket.removeAllListeners('data');
      upstream.pipe(socket).pipe(upstream);
    });
    this.sockets.add(upstream);
    upstream.on('error', () => socket.end(failed));
  }
}
