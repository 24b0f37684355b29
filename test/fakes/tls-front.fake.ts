import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { AddressInfo, connect, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, Server } from 'node:tls';

/** A self-signed certificate for the given IP addresses, made with openssl for this run only. */
export function selfSignedCertificate(addresses: string[]): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(join(tmpdir(), 'quire-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=quire-test',
      '-addext',
      `subjectAltName=${addresses.map((address) => `IP:${address}`).join(',')}`,
      '-keyout',
      join(folder, 'key.pem'),
      '-out',
      join(folder, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const pair = { key: readFileSync(join(folder, 'key.pem')), cert: readFileSync(join(folder, 'cert.pem')) };
  rmSync(folder, { recursive: true, force: true });
  return pair;
}

/** HTTPS in front of a plain HTTP fake: terminates TLS with a self-signed certificate and passes the bytes on. */
export class TlsFront {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly host: string,
    backendPort: number,
  ) {
    this.server = createServer(selfSignedCertificate([host]), (client) => {
      const backend = connect(backendPort, '127.0.0.1');
      for (const socket of [client, backend]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => this.sockets.delete(socket));
      }
      client.pipe(backend).pipe(client);
    });
  }

  get url(): string {
    return `https://${this.host}:${this.port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, this.host, resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
