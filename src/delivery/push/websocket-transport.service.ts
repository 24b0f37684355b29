import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { DomainError } from '../../platform/common/errors/domain-errors';
import { EnvService } from '../../platform/env/env.service';
import { HUB_LIMITS, HubConnection, HubTransport } from './hub-connection';
import { PushAuthService } from './push-auth.service';
import { PushHubService } from './push-hub.service';

export const HUB_PATH = '/signalr/messages';

/** The WebSocket transport: takes over HTTP upgrades of `URL_BASE/signalr/messages` on Nest's HTTP server. */
@Injectable()
export class WebSocketTransportService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebSocketTransportService.name);
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: HUB_LIMITS.maxMessageBytes,
    perMessageDeflate: false,
  });
  private server?: Server;
  private readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    void this.upgrade(request, socket, head);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly hub: PushHubService,
    private readonly auth: PushAuthService,
    private readonly env: EnvService,
  ) {}

  onApplicationBootstrap(): void {
    // An application context without HTTP (the `npm run migrate` CLI) has no adapter: nothing to take over.
    const adapter = this.adapterHost.httpAdapter as HttpAdapterHost['httpAdapter'] | undefined;
    if (!adapter) return;
    this.server = adapter.getHttpServer() as Server;
    this.server.on('upgrade', this.onUpgrade);
  }

  onApplicationShutdown(): void {
    this.server?.off('upgrade', this.onUpgrade);
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.toLowerCase() !== `${this.env.get('URL_BASE')}${HUB_PATH}`.toLowerCase()) {
      // Someone else may serve other upgrade paths; when nobody does, do not leave the socket hanging.
      if (this.server && this.server.listenerCount('upgrade') <= 1) refuse(socket, 404, 'Not Found');
      return;
    }
    try {
      if (!(await this.auth.isAllowed(request))) return refuse(socket, 401, 'Unauthorized');
    } catch (error) {
      this.logger.warn(`Checking live-push credentials failed: ${String(error)}`);
      return refuse(socket, 503, 'Service Unavailable');
    }
    const id = url.searchParams.get('id');
    let connection: HubConnection | undefined;
    if (id) {
      connection = this.hub.find(id);
      if (!connection) return refuse(socket, 404, 'Not Found');
      if (connection.transport) return refuse(socket, 409, 'Conflict');
    } else {
      // A client that skips negotiation (skipNegotiation: true) connects straight away.
      try {
        connection = this.hub.open();
      } catch (error) {
        const status = error instanceof DomainError ? 503 : 500;
        return refuse(socket, status, status === 503 ? 'Service Unavailable' : 'Internal Server Error');
      }
    }
    const hubConnection = connection;
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, hubConnection));
  }

  private accept(ws: WebSocket, connection: HubConnection): void {
    if (connection.closed) return ws.terminate();
    connection.attach(webSocketTransport(ws));
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      if (isBinary) return connection.close('Binary messages are not supported');
      connection.receive(
        Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(toBuffers(data)).toString('utf8'),
      );
    });
    ws.on('close', () => connection.close());
    ws.on('error', () => {
      connection.close();
      ws.terminate();
    });
  }
}

function toBuffers(data: ArrayBuffer | Buffer[]): Buffer[] {
  return Array.isArray(data) ? data : [Buffer.from(data)];
}

function webSocketTransport(ws: WebSocket): HubTransport {
  return {
    kind: 'WebSockets',
    send(text: string): boolean {
      if (ws.readyState !== WebSocket.OPEN) return ws.readyState === WebSocket.CONNECTING;
      if (ws.bufferedAmount > HUB_LIMITS.maxBufferedBytes) return false;
      ws.send(text);
      return true;
    },
    close(): void {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close(1000);
      setTimeout(() => ws.terminate(), 5000).unref();
    },
  };
}

function refuse(socket: Duplex, status: number, text: string): void {
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}
