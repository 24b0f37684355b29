import { checkHandshake, frame, MessageType, parseMessage, splitRecords } from './hub-protocol';

/** What a transport offers the hub: queue a frame (false when the client cannot keep up) and hang up. */
export interface HubTransport {
  readonly kind: 'WebSockets' | 'LongPolling';
  send(frame: string): boolean;
  close(): void;
}

/** Limits that keep one client from holding memory or time the others need. */
export const HUB_LIMITS = {
  /** Largest record (and WebSocket message / long-polling POST body) a client may send. */
  maxMessageBytes: 32 * 1024,
  /** A negotiated connection must attach a transport and finish its handshake within this time. */
  handshakeTimeoutMs: 15_000,
  /** Server pings this often (the client's default server timeout is 30 s). */
  keepAliveMs: 15_000,
  /** A client silent for longer than this (it pings every 15 s) is gone. */
  clientTimeoutMs: 60_000,
  /** Frames waiting for a long-polling client; beyond them it is a slow consumer and is dropped. */
  maxQueuedFrames: 1000,
  /** Bytes waiting in a socket's send buffer beyond which a WebSocket client is dropped as a slow consumer. */
  maxBufferedBytes: 4 * 1024 * 1024,
};

/**
 * One SignalR connection, whatever its transport: negotiated, then attached, then handshaken. Only
 * handshaken connections receive broadcasts.
 */
export class HubConnection {
  transport?: HubTransport;
  handshaken = false;
  closed = false;
  readonly createdAt = Date.now();
  lastSeen = Date.now();
  private inbound = '';

  constructor(
    readonly connectionId: string,
    readonly token: string,
    private readonly onHandshake: (connection: HubConnection) => void,
    private readonly onClose: (connection: HubConnection, reason?: string) => void,
  ) {}

  attach(transport: HubTransport): void {
    this.transport = transport;
    this.lastSeen = Date.now();
  }

  /** Text received from the client (any chunking). */
  receive(text: string): void {
    if (this.closed) return;
    this.lastSeen = Date.now();
    this.inbound += text;
    const { records, rest } = splitRecords(this.inbound);
    if (rest.length > HUB_LIMITS.maxMessageBytes) return this.close('Message too large');
    this.inbound = rest;
    for (const record of records) {
      if (this.closed) return;
      if (record.length > HUB_LIMITS.maxMessageBytes) return this.close('Message too large');
      if (!this.handshaken) this.handshake(record);
      else this.handle(record);
    }
  }

  /** Sends a hub message; a client that cannot keep up is dropped. Returns whether it was queued. */
  send(message: object): boolean {
    return this.sendFrame(frame(message));
  }

  sendFrame(text: string): boolean {
    if (this.closed || !this.handshaken || !this.transport) return false;
    if (this.transport.send(text)) return true;
    this.close('Slow consumer');
    return false;
  }

  /** Ends the connection, telling the client why when it still listens. */
  close(reason?: string): void {
    if (this.closed) return;
    if (this.handshaken && this.transport) {
      this.transport.send(frame(reason ? { type: MessageType.Close, error: reason } : { type: MessageType.Close }));
    }
    this.closed = true;
    this.transport?.close();
    this.onClose(this, reason);
  }

  private handshake(record: string): void {
    const error = checkHandshake(record);
    if (error) {
      this.transport?.send(frame({ error }));
      return this.close(error);
    }
    this.handshaken = true;
    this.transport?.send(frame({}));
    this.onHandshake(this);
  }

  private handle(record: string): void {
    const message = parseMessage(record);
    if (!message) return this.close('Invalid message');
    switch (message.type) {
      case MessageType.Ping:
        return;
      case MessageType.Close:
        this.closed = true;
        this.transport?.close();
        this.onClose(this);
        return;
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        // The hub offers no methods to call; answer a blocking call so the client does not wait forever.
        if (typeof message.invocationId === 'string')
          this.send({
            type: MessageType.Completion,
            invocationId: message.invocationId,
            error: `Unknown hub method '${String(message.target)}'`,
          });
        return;
      default:
        return;
    }
  }
}
