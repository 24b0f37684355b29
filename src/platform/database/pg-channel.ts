import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { DatabaseServer } from './database-server';

/** PostgreSQL's NOTIFY payload limit is 8000 bytes; leave room for the protocol's own framing. */
export const MAX_NOTIFY_BYTES = 7900;

/** Sends one NOTIFY on `channel` through the data source's pool. */
export async function notifyChannel(dataSource: DataSource, channel: string, payload: string): Promise<void> {
  await dataSource.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

/**
 * NOTIFY and LISTEN on Quire's own database, for services that carry messages between the processes sharing it.
 */
@Injectable()
export class DatabaseChannels {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly server: DatabaseServer,
  ) {}

  /**
   * A listener on `channel`, not started yet; none on the embedded database (only this process uses it) or
   * when the data source was not opened from a URL (there is nothing to open a dedicated connection to).
   */
  async listener(channel: string, onPayload: (payload: string) => void): Promise<PgChannelListener | undefined> {
    if (await this.server.isEmbedded()) return undefined;
    const url = (this.dataSource.options as { url?: string }).url;
    return url ? new PgChannelListener(url, channel, onPayload) : undefined;
  }

  notify(channel: string, payload: string): Promise<void> {
    return notifyChannel(this.dataSource, channel, payload);
  }
}

/**
 * A dedicated connection that LISTENs on one channel and hands every payload to `onPayload`. A lost
 * connection is re-opened with a growing pause (1 s up to 30 s); payloads sent meanwhile are missed.
 */
export class PgChannelListener {
  private readonly logger = new Logger(PgChannelListener.name);
  private client?: Client;
  private stopped = false;
  private retryMs = 1000;
  private retryTimer?: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly onReconnected: () => void = () => undefined,
  ) {}

  /** Resolves once listening (or after the first failure, with a retry scheduled). */
  async start(): Promise<void> {
    await this.connect(false);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** True while the LISTEN connection is up. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  private async connect(reconnecting: boolean): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.url, application_name: `quire-listen-${this.channel}` });
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload !== undefined) this.onPayload(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
      if (this.stopped) return void (await client.end().catch(() => undefined));
      this.client = client;
      this.retryMs = 1000;
      if (reconnecting) {
        this.logger.log(`Listening on ${this.channel} again`);
        this.onReconnected();
      }
    } catch (error) {
      this.lost(client, error);
    }
  }

  private lost(client: Client, error?: unknown): void {
    if (this.stopped || this.retryTimer) return;
    if (this.client && this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners();
    client.on('error', () => undefined); // a late error of the dead client must not crash the process
    void client.end().catch(() => undefined);
    this.logger.warn(
      `LISTEN connection for ${this.channel} lost${error instanceof Error ? `: ${error.message}` : ''}; retrying`,
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect(true);
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 30_000);
  }
}
