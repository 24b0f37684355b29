import { FakeHttpServer, sendJson } from '../../../fakes/fake-http';
import { FakeHomeAssistant } from '../../../fakes/home-assistant.fake';
import { FakeNtfy } from '../../../fakes/ntfy.fake';
import { FakeSmtp } from '../../../fakes/smtp.fake';
import type { TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';

/** The connection kinds that deliver library events (Send to E-Reader has its own command). */
export const KINDS = ['Email', 'Ntfy', 'HomeAssistant', 'Webhook', 'QuireHub'] as const;
export type Kind = (typeof KINDS)[number];

/** The hub's own ntfy topic, on which QuireHub connections (channels: ntfy) deliver. */
const HUB_TOPIC = 'hub';

/** What reached the fakes since a mark: per kind, the keys of the connections that sent. */
export type Reached = Record<Kind, string[]>;

interface Mark {
  mails: number;
  ntfy: number;
  ha: number;
  hooks: number;
  hubNotifications: Set<string>;
}

/**
 * One fake per kind, each speaking its real protocol (SMTP, ntfy, Home Assistant's webhook trigger, plain HTTP),
 * and connections created through the API whose every delivery names the connection it came from: its key is the
 * Email recipient, the ntfy topic, the Home Assistant webhook id and the webhook path. QuireHub connections send
 * on the hub's ntfy channel; the hub notification's `connection_id` tells which one sent.
 */
export class ConnectionFakes {
  readonly smtp = new FakeSmtp();
  readonly ntfy = new FakeNtfy();
  readonly ha = new FakeHomeAssistant();
  readonly hooks = new FakeHttpServer((_request, response) => sendJson(response, 200, { ok: true }));
  private readonly hubKeys = new Map<string, string>();

  async start(): Promise<this> {
    await Promise.all([this.smtp.start(), this.ntfy.start(), this.ha.start(), this.hooks.start()]);
    return this;
  }

  async stop(): Promise<void> {
    await Promise.all([this.smtp.stop(), this.ntfy.stop(), this.ha.stop(), this.hooks.stop()]);
  }

  /** The app's environment: the hub's ntfy channel on the fake, fast retries. */
  env(): Record<string, string> {
    return { HUB_NTFY_URL: this.ntfy.url, HUB_NTFY_TOPIC: HUB_TOPIC, HUB_RETRY_POLL_INTERVAL_MS: '50' };
  }

  fields(kind: Kind, key: string): { name: string; value: unknown }[] {
    switch (kind) {
      case 'Email':
        return [
          { name: 'server', value: '127.0.0.1' },
          { name: 'port', value: this.smtp.port },
          { name: 'from', value: 'quire@example.test' },
          { name: 'to', value: [`${key}@example.test`] },
        ];
      case 'Ntfy':
        return [
          { name: 'serverUrl', value: this.ntfy.url },
          { name: 'topics', value: [`t-${key}`] },
        ];
      case 'HomeAssistant':
        return [{ name: 'webhookUrl', value: this.ha.webhookUrl(`ha-${key}`) }];
      case 'Webhook':
        return [{ name: 'url', value: `${this.hooks.url}/${key}` }];
      case 'QuireHub':
        return [{ name: 'channels', value: ['ntfy'] }];
    }
  }

  /** Creates a connection of this kind through the API (flags: `on*` and `includeHealthWarnings`). */
  async create(
    t: TestApp,
    kind: Kind,
    key: string,
    flags: Record<string, boolean>,
    tags: number[] = [],
  ): Promise<number> {
    const response = await t.api
      .post('/api/v1/notification?forceSave=true')
      .send({
        name: `${kind} ${key}`,
        implementation: kind,
        configContract: `${kind}Settings`,
        fields: this.fields(kind, key),
        tags,
        ...flags,
      })
      .expect(200);
    const id = response.body.id as number;
    if (kind === 'QuireHub') this.hubKeys.set(String(id), key);
    return id;
  }

  async mark(): Promise<Mark> {
    return {
      mails: this.smtp.messages.length,
      ntfy: this.ntfy.published.length,
      ha: this.ha.calls.length,
      hooks: this.hooks.requests.length,
      hubNotifications: new Set((await this.hubNotifications()).map((row) => row.id)),
    };
  }

  /** The keys of the connections that delivered since the mark, per kind (sorted). */
  async reachedSince(mark: Mark): Promise<Reached> {
    const hub = (await this.hubNotifications()).filter((row) => !mark.hubNotifications.has(row.id));
    const hubPublishes = this.ntfy.published.slice(mark.ntfy).filter((publish) => publish.topic === HUB_TOPIC);
    // Each QuireHub notification really went out on the hub's ntfy channel.
    expect(hubPublishes).toHaveLength(hub.length);
    const sorted = (keys: string[]) => [...keys].sort();
    return {
      Email: sorted(this.smtp.messages.slice(mark.mails).flatMap((mail) => mail.envelopeTo.map(local))),
      Ntfy: sorted(
        this.ntfy.published
          .slice(mark.ntfy)
          .filter((publish) => publish.topic !== HUB_TOPIC)
          .map((publish) => publish.topic.replace(/^t-/, '')),
      ),
      HomeAssistant: sorted(this.ha.calls.slice(mark.ha).map((call) => call.webhookId.replace(/^ha-/, ''))),
      Webhook: sorted(this.hooks.requests.slice(mark.hooks).map((request) => request.url.pathname.slice(1))),
      QuireHub: sorted(hub.map((row) => this.hubKeys.get(row.connection) ?? `unknown ${row.connection}`)),
    };
  }

  /** The JSON bodies the webhook fake received since the mark at this connection key. */
  webhookPayloads(mark: Mark, key: string): Record<string, unknown>[] {
    return this.hooks.requests
      .slice(mark.hooks)
      .filter((request) => request.url.pathname === `/${key}`)
      .map((request) => JSON.parse(request.body.toString()) as Record<string, unknown>);
  }

  private hubNotifications(): Promise<{ id: string; connection: string }[]> {
    return sql<{ id: string; connection: string }>(
      `SELECT id, metadata->>'connection_id' AS connection FROM hub_notification WHERE metadata ? 'connection_id'`,
    );
  }
}

const local = (address: string) => address.replace(/@.*$/, '');

/** The same keys for every kind. */
export const everyKind = (keys: string[]): Reached =>
  Object.fromEntries(KINDS.map((kind) => [kind, [...keys].sort()])) as Reached;
