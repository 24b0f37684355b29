import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { APP_VERSION } from '../../platform/common/app-info';
import { ServiceUnavailableError } from '../../platform/common/errors/domain-errors';
import { EnvService } from '../../platform/env/env.service';
import { HUB_LIMITS, HubConnection } from './hub-connection';
import { frame, MessageType } from './hub-protocol';
import type { PushMessage } from './push-message';

export interface NegotiateResponse {
  negotiateVersion: number;
  connectionId: string;
  connectionToken?: string;
  availableTransports: { transport: string; transferFormats: string[] }[];
}

const TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text'] },
];

/**
 * The connections of this process to the hub at /signalr/messages (Readarr's MessageHub): negotiation,
 * keep-alive, timeouts, and the broadcast of `receiveMessage` to every handshaken client.
 */
@Injectable()
export class PushHubService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PushHubService.name);
  private readonly connections = new Map<string, HubConnection>();
  private timer?: NodeJS.Timeout;
  private lastPing = Date.now();

  constructor(private readonly env: EnvService) {}

  onModuleInit(): void {
    this.timer = setInterval(() => this.tick(), 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    for (const connection of [...this.connections.values()]) connection.close('Server is shutting down');
  }

  /** Number of open connections (negotiated or attached). */
  get size(): number {
    return this.connections.size;
  }

  /** Whether any handshaken client would receive a broadcast now. */
  get hasClients(): boolean {
    for (const connection of this.connections.values()) if (connection.handshaken) return true;
    return false;
  }

  negotiate(requestedVersion: number): NegotiateResponse {
    const connection = this.open();
    const version = requestedVersion >= 1 ? 1 : 0;
    return {
      negotiateVersion: version,
      connectionId: connection.connectionId,
      ...(version >= 1 ? { connectionToken: connection.token } : {}),
      availableTransports: TRANSPORTS,
    };
  }

  /**
   * A new connection: after negotiation, or directly for a WebSocket client that skips it. Refused with 503
   * when PUSH_MAX_CONNECTIONS are open.
   */
  open(): HubConnection {
    if (this.connections.size >= this.env.get('PUSH_MAX_CONNECTIONS'))
      throw new ServiceUnavailableError('Too many live-push connections');
    const connectionId = randomBytes(16).toString('base64url');
    const token = randomBytes(16).toString('base64url');
    const connection = new HubConnection(
      connectionId,
      token,
      (opened) => opened.send(versionMessage()),
      (closed, reason) => {
        this.connections.delete(closed.token);
        if (reason && reason !== 'Server is shutting down')
          this.logger.debug(`Live-push connection ${closed.connectionId} closed: ${reason}`);
      },
    );
    this.connections.set(token, connection);
    return connection;
  }

  /** The connection for a transport request's `id` (the token with negotiate v1, the id with v0). */
  find(id: string): HubConnection | undefined {
    const byToken = this.connections.get(id);
    if (byToken) return byToken;
    for (const connection of this.connections.values()) if (connection.connectionId === id) return connection;
    return undefined;
  }

  /** `receiveMessage` to every handshaken client of this process. */
  broadcast(message: PushMessage): void {
    if (!this.hasClients) return;
    const text = frame({ type: MessageType.Invocation, target: 'receiveMessage', arguments: [message] });
    for (const connection of [...this.connections.values()]) connection.sendFrame(text);
  }

  private tick(): void {
    const now = Date.now();
    const ping = now - this.lastPing >= HUB_LIMITS.keepAliveMs;
    if (ping) this.lastPing = now;
    const pingFrame = frame({ type: MessageType.Ping });
    for (const connection of [...this.connections.values()]) {
      if (!connection.handshaken) {
        if (now - connection.createdAt > HUB_LIMITS.handshakeTimeoutMs) connection.close('Handshake timed out');
      } else if (now - connection.lastSeen > HUB_LIMITS.clientTimeoutMs) {
        connection.close('Client timed out');
      } else if (ping) {
        connection.sendFrame(pingFrame);
      }
    }
  }
}

function versionMessage(): object {
  return {
    type: MessageType.Invocation,
    target: 'receiveMessage',
    arguments: [{ name: 'version', body: { version: APP_VERSION } }],
  };
}
