import { MailerService } from '@nestjs-modules/mailer';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { HostConfigService } from '../../../platform/auth/host-config/host-config.service';
import { EnvService } from '../../../platform/env/env.service';
import { ChannelMessage } from '../notification.types';
import { markdownToHtml, markdownToText } from '../text/markdown';
import { truncateChars } from '../text/utf8';
import { ChannelSendError, ChannelSendOutcome, NotificationChannel, withDeadline } from './channel';
import { verifiesRelayCertificate } from './smtp-certificate';

export interface EmailSettings {
  host: string;
  port: number;
  /** Implicit TLS; defaults to true on port 465 only (otherwise STARTTLS when the relay offers it). */
  secure?: boolean;
  from: string;
  /** One address or a comma-separated list. */
  to: string;
  /** Comma-separated; named in the Cc header, so every recipient sees them. */
  cc?: string;
  /** Comma-separated; given to the relay in the envelope only, never in a header, so no recipient sees them. */
  bcc?: string;
  /**
   * Never send in the clear: implicit TLS on port 465, otherwise STARTTLS, which must be offered and succeed
   * (without it, STARTTLS is used when the relay offers it and the mail goes unencrypted when it does not).
   */
  requireTls?: boolean;
  user?: string;
  password?: string;
  /** Deadline for one send attempt (15 s by default: the first attempt runs before POST /notify answers). */
  timeoutMs?: number;
  /**
   * Files to attach, by reference: read from disk at each attempt (the hub never stores their bytes). A file that
   * is gone makes the attempt fail for good.
   */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  path: string;
  filename: string;
  contentType: string;
}

export const EMAIL_TIMEOUT_MS = 15_000;
/** Deadline of a send with attachments (a 50 MB book takes a while over a home uplink). */
export const EMAIL_ATTACHMENT_TIMEOUT_MS = 120_000;
/** Subjects are shortened to this (RFC 5322 advises lines under 78 characters; folding keeps longer ones legal). */
export const EMAIL_MAX_SUBJECT_CHARS = 250;

/** `<wire id@sender's domain>`: stable per notification delivery, so retries carry the same Message-ID. */
export function messageIdFor(wireId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'quire.localhost';
  return `<${wireId}@${domain}>`;
}

/**
 * nodemailer's own defaults (2 min connect, 30 s greeting, 10 min socket) are far too long; these are
 * capped again by the send deadline so a short deadline also shortens them.
 */
export function smtpTransportOptions(settings: EmailSettings, verifyCertificate = true): SMTPTransport.Options {
  const deadline = settings.timeoutMs ?? EMAIL_TIMEOUT_MS;
  const secure = settings.secure ?? settings.port === 465;
  return {
    host: settings.host,
    port: settings.port,
    secure,
    requireTLS: Boolean(settings.requireTls) && !secure,
    tls: { rejectUnauthorized: verifyCertificate },
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    connectionTimeout: Math.min(5_000, deadline),
    greetingTimeout: Math.min(5_000, deadline),
    socketTimeout: Math.min(10_000, deadline),
  };
}

const TRANSIENT_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SMTP 4xx and connection trouble are transient; 5xx answers, authentication and envelope errors are not. */
export function classifySmtpError(error: unknown): ChannelSendError {
  if (error instanceof ChannelSendError) return error;
  const err = error as Error & { code?: string; responseCode?: number; response?: string };
  const detail = (err.response ?? err.message ?? String(error)).replace(/\s+/g, ' ').slice(0, 200);
  // The relay's answer alone ("500 command not recognized") would not say that it was encryption that failed.
  if (err.code === 'ETLS')
    return new ChannelSendError(`TLS could not be started, so nothing was sent: ${err.message}: ${detail}`, false);
  if (typeof err.responseCode === 'number') {
    return new ChannelSendError(`SMTP ${err.responseCode}: ${detail}`, err.responseCode < 500, err.responseCode);
  }
  const transient = err.code !== undefined && TRANSIENT_CODES.has(err.code);
  return new ChannelSendError(err.code ? `${err.code}: ${detail}` : detail, transient);
}

const MAX_TRANSPORTERS = 32;

/** Email through nodemailer (via @nestjs-modules/mailer): HTML from the markdown, sanitised, plus plain text. */
@Injectable()
export class EmailChannel implements NotificationChannel<EmailSettings>, OnModuleDestroy {
  readonly name = 'email' as const;
  /** Transporter names registered with the MailerService, per distinct settings (oldest first). */
  private readonly transporters: string[] = [];

  constructor(
    private readonly env: EnvService,
    private readonly mailer: MailerService,
    private readonly hostConfig: HostConfigService,
  ) {}

  defaultSettings(): EmailSettings {
    return {
      host: this.env.get('HUB_SMTP_HOST'),
      port: this.env.get('HUB_SMTP_PORT'),
      from: this.env.get('HUB_SMTP_FROM'),
      to: this.env.get('HUB_SMTP_TO'),
      user: this.env.get('HUB_SMTP_USER'),
      password: this.env.get('HUB_SMTP_PASSWORD'),
      timeoutMs: this.env.get('HUB_EMAIL_TIMEOUT_MS'),
    };
  }

  missingSetting(settings: EmailSettings): keyof EmailSettings | undefined {
    if (!settings.to && !settings.cc && !settings.bcc) return 'to';
    if (!settings.host) return 'host';
    if (!settings.from) return 'from';
    return undefined;
  }

  describe(settings: EmailSettings): Record<string, unknown> {
    return {
      host: settings.host,
      port: settings.port,
      from: settings.from,
      to: settings.to || undefined,
      auth: Boolean(settings.user),
    };
  }

  async send(message: ChannelMessage, settings: EmailSettings): Promise<ChannelSendOutcome> {
    const transporterName = await this.transporterFor(settings);
    const deadline = settings.timeoutMs ?? EMAIL_TIMEOUT_MS;
    for (const attachment of settings.attachments ?? []) {
      const info = await stat(attachment.path).catch(() => undefined);
      if (!info?.isFile()) throw new ChannelSendError(`attachment ${attachment.filename} is no longer on disk`, false);
    }
    try {
      const info = (await withDeadline(
        this.mailer.sendMail({
          transporterName,
          from: settings.from,
          to: settings.to || undefined,
          cc: settings.cc || undefined,
          // nodemailer puts Bcc addresses in the envelope and leaves the header out.
          bcc: settings.bcc || undefined,
          subject: truncateChars(message.title, EMAIL_MAX_SUBJECT_CHARS),
          // The same Message-ID on every attempt: a mail client shows a resent notification once.
          messageId: message.wireId ? messageIdFor(message.wireId, settings.from) : undefined,
          text: markdownToText(message.body),
          html: markdownToHtml(message.body),
          attachments: settings.attachments?.map((attachment) => ({
            filename: attachment.filename,
            path: attachment.path,
            contentType: attachment.contentType,
          })),
        }),
        deadline,
        'SMTP send',
      )) as SMTPTransport.SentMessageInfo;
      return { detail: info.response?.slice(0, 200) };
    } catch (error) {
      throw classifySmtpError(error);
    }
  }

  onModuleDestroy() {
    for (const name of this.transporters.splice(0)) this.mailer.removeTransporter(name);
  }

  private async transporterFor(settings: EmailSettings): Promise<string> {
    const { certificateValidation } = await this.hostConfig.load();
    const options = smtpTransportOptions(
      settings,
      await verifiesRelayCertificate(settings.host, certificateValidation),
    );
    const name = `quire-${createHash('sha256').update(JSON.stringify(options)).digest('hex').slice(0, 16)}`;
    if (!this.transporters.includes(name)) {
      this.mailer.addTransporter(name, options);
      this.transporters.push(name);
      if (this.transporters.length > MAX_TRANSPORTERS) this.mailer.removeTransporter(this.transporters.shift()!);
    }
    return name;
  }
}
