import { Injectable } from '@nestjs/common';
import { EnvService } from '../../../platform/env/env.service';
import { ChannelMessage, Priority } from '../notification.types';
import { encodeHeaderValue, truncateChars, truncateUtf8 } from '../text/utf8';
import { ChannelSendOutcome, NotificationChannel, postWithDeadline } from './channel';

export interface NtfySettings {
  /** Server base URL, e.g. https://ntfy.sh */
  url: string;
  topic: string;
  /** Access token, sent as `Authorization: Bearer`; empty for none. */
  token?: string;
  /** Request deadline (10 s by default: the first attempt runs before POST /notify answers). */
  timeoutMs?: number;
}

export const NTFY_TIMEOUT_MS = 10_000;
/** ntfy turns a longer body (in bytes) into an attachment. */
export const NTFY_MAX_BODY_BYTES = 4096;
/**
 * Titles are shortened to this many characters for ntfy: a header carries the title (RFC 2047-encoded when not
 * ASCII, up to ~4 bytes per character after encoding), and servers and proxies refuse large headers (431).
 */
export const NTFY_MAX_TITLE_CHARS = 250;

const NTFY_PRIORITY: Record<Priority, string> = { low: 'low', normal: 'default', high: 'high', urgent: 'urgent' };

export function ntfyPriority(priority: Priority): string {
  return NTFY_PRIORITY[priority];
}

/** The tag: the source agent the metadata carries, else the message's source agent. */
function sourceTag(message: ChannelMessage): string | undefined {
  const fromMetadata = message.metadata.source_agent;
  const agent = typeof fromMetadata === 'string' && fromMetadata.trim() ? fromMetadata : message.sourceAgent;
  const tag = agent?.replace(/,/g, ' ').trim();
  return tag || undefined;
}

/** The header-publish request (pure, for tests). */
export function buildNtfyRequest(message: ChannelMessage, settings: NtfySettings) {
  const headers: Record<string, string> = {
    'Content-Type': 'text/markdown; charset=utf-8',
    Title: encodeHeaderValue(truncateChars(message.title, NTFY_MAX_TITLE_CHARS)),
    Priority: ntfyPriority(message.priority),
    Markdown: 'yes',
  };
  const tag = sourceTag(message);
  if (tag) headers.Tags = encodeHeaderValue(tag);
  // ntfy ≥ 2.16 treats a repeated sequence id as an update of the same notification: a resend is not a second one.
  if (message.wireId) headers['X-Sequence-ID'] = message.wireId;
  if (settings.token) headers.Authorization = `Bearer ${settings.token}`;
  return {
    url: `${settings.url.replace(/\/+$/, '')}/${encodeURIComponent(settings.topic)}`,
    headers,
    body: truncateUtf8(message.body, NTFY_MAX_BODY_BYTES),
  };
}

/** ntfy via its header-based publish interface. */
@Injectable()
export class NtfyChannel implements NotificationChannel<NtfySettings> {
  readonly name = 'ntfy' as const;

  constructor(private readonly env: EnvService) {}

  defaultSettings(): NtfySettings {
    return {
      url: this.env.get('HUB_NTFY_URL'),
      topic: this.env.get('HUB_NTFY_TOPIC'),
      token: this.env.get('HUB_NTFY_TOKEN'),
      timeoutMs: this.env.get('HUB_NTFY_TIMEOUT_MS'),
    };
  }

  missingSetting(settings: NtfySettings): keyof NtfySettings | undefined {
    if (!settings.url) return 'url';
    if (!settings.topic) return 'topic';
    return undefined;
  }

  describe(settings: NtfySettings): Record<string, unknown> {
    return { url: settings.url || undefined, topic: settings.topic, token_set: Boolean(settings.token) };
  }

  async send(message: ChannelMessage, settings: NtfySettings): Promise<ChannelSendOutcome> {
    const request = buildNtfyRequest(message, settings);
    const response = await postWithDeadline(
      request.url,
      { headers: request.headers, body: request.body },
      settings.timeoutMs ?? NTFY_TIMEOUT_MS,
    );
    let id: string | undefined;
    try {
      id = (JSON.parse(response.text) as { id?: string }).id;
    } catch {
      id = undefined;
    }
    return { statusCode: response.status, detail: id ? `ntfy message ${id}` : undefined };
  }
}
