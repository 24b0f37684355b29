import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { AddressInfo, createServer, Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { decodeHeaderValue } from '../../src/notifications/hub/text/utf8';

export interface ReceivedMail {
  envelopeFrom: string;
  /** Every RCPT TO of the session (To, Cc and Bcc recipients alike), apart from what the headers name. */
  envelopeTo: string[];
  /** The session was encrypted (STARTTLS) when the message was sent. */
  secure: boolean;
  /** Authenticated user, if the client logged in. */
  user?: string;
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  text?: string;
  html?: string;
  contentType: string;
  raw: string;
}

/** A throwaway self-signed certificate for CN=localhost (the `openssl` command line), as PEM. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'quire-smtp-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost'].concat([
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ]),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An SMTP relay on 127.0.0.1 (the `smtp-server` package), keeping every message it accepts. Plain text only by
 * default; with `tls` (a key and certificate) it also offers STARTTLS.
 */
export class FakeSmtp {
  readonly messages: ReceivedMail[] = [];
  /** When set, RCPT TO is answered with this code (e.g. 451 transient, 550 permanent). */
  rejectRecipientWith?: number;
  credentials?: { user: string; password: string };
  private server?: SMTPServer;
  port = 0;

  constructor(private readonly tls?: { key: string; cert: string }) {}

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      // AUTH over plain TCP too, so `credentials` can be checked; unauthenticated mail still passes.
      allowInsecureAuth: true,
      ...(this.tls ? { key: this.tls.key, cert: this.tls.cert } : { disabledCommands: ['STARTTLS'] }),
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (
          this.credentials &&
          auth.username === this.credentials.user &&
          auth.password === this.credentials.password
        ) {
          callback(null, { user: auth.username });
        } else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo: (_address, _session, callback) => {
        if (this.rejectRecipientWith) {
          const code = this.rejectRecipientWith;
          callback(
            Object.assign(new Error(code < 500 ? 'Try again later' : 'Mailbox unavailable'), { responseCode: code }),
          );
        } else callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const parsed = parseMessage(raw);
          const mailFrom = session.envelope.mailFrom;
          this.messages.push({
            envelopeFrom: mailFrom ? mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            secure: session.secure,
            user: session.user as string | undefined,
            raw,
            ...parsed,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = ((this.server as unknown as { server: Server }).server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/** A TCP server that accepts connections and never says a word (an SMTP relay that hangs). */
export class SilentTcpServer {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const index = raw.search(/\r?\n\r?\n/);
  const head = index < 0 ? raw : raw.slice(0, index);
  const body = index < 0 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = /charset="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1]?.toLowerCase() ?? 'utf-8';
  let bytes: Buffer;
  if (encoding === 'base64') bytes = Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') {
    const soft = part.body.replace(/=\r?\n/g, '');
    const out: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
        out.push(parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else out.push(...Buffer.from(soft[i], 'utf8'));
    }
    bytes = Buffer.from(out);
  } else bytes = Buffer.from(part.body, 'utf8');
  return bytes.toString(charset === 'utf-8' || charset === 'utf8' ? 'utf8' : 'latin1').replace(/\r\n/g, '\n');
}

function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leaves(splitPart(section.replace(/^\r?\n/, ''))));
}

/** Enough MIME for the tests: headers (encoded-words decoded), the text/plain and text/html parts. */
export function parseMessage(raw: string) {
  const top = splitPart(raw);
  const parts = leaves(top);
  const find = (type: string) => parts.find((part) => (part.headers['content-type'] ?? 'text/plain').startsWith(type));
  const text = find('text/plain');
  const html = find('text/html');
  return {
    headers: top.headers,
    subject: decodeHeaderValue(top.headers.subject ?? ''),
    from: decodeHeaderValue(top.headers.from ?? ''),
    to: decodeHeaderValue(top.headers.to ?? ''),
    contentType: top.headers['content-type'] ?? '',
    text: text ? decodeBody(text) : undefined,
    html: html ? decodeBody(html) : undefined,
  };
}
