import { AddressInfo, createServer, Server, Socket } from 'node:net';
import { crc32 } from 'node:zlib';

/**
 * A small news server on 127.0.0.1 speaking the part of RFC 3977 (and RFC 4643's AUTHINFO USER/PASS) a newsreader
 * such as NZBGet uses to fetch binaries: greeting 200, CAPABILITIES, MODE READER, AUTHINFO, GROUP, ARTICLE, BODY,
 * HEAD, STAT, DATE, QUIT; 430 for a message-id it does not have, 480 before a required login. Articles are kept as
 * raw bytes (yEnc is 8-bit) and sent dot-stuffed.
 */
export class FakeNntp {
  port = 0;
  /** Every command received, in order (AUTHINFO PASS with the password hidden). */
  readonly commands: string[] = [];
  /** Message-ids asked for that the server does not have (answered 430), in order. */
  readonly notFound: string[] = [];
  private readonly articles = new Map<string, { headers: string; body: Buffer }>();
  /** Message-ids whose answer waits until `release()` (a download caught half-way). */
  private readonly held = new Map<string, Array<() => void>>();
  private readonly holding = new Set<string>();
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly credentials?: { user: string; password: string }) {}

  /** Adds an article under its message-id (without the angle brackets). */
  add(messageId: string, headers: Record<string, string>, body: Buffer): void {
    const head = Object.entries({ 'Message-ID': `<${messageId}>`, ...headers })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    this.articles.set(messageId, { headers: head, body });
  }

  /** Holds the answers for these message-ids until `release()`. */
  hold(messageIds: string[]): void {
    for (const id of messageIds) this.holding.add(id);
  }

  release(): void {
    this.holding.clear();
    for (const waiting of this.held.values()) for (const resume of waiting) resume();
    this.held.clear();
  }

  /** How many times an article was asked for by ARTICLE or BODY. */
  fetches(messageId: string): number {
    return this.commands.filter((command) => /^(ARTICLE|BODY) /i.test(command) && command.includes(`<${messageId}>`))
      .length;
  }

  async start(): Promise<this> {
    this.server = createServer((socket) => this.session(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.release();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private session(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = '';
    let user: string | undefined;
    let authenticated = !this.credentials;
    let chain = Promise.resolve();
    const reply = (line: string) => socket.writable && socket.write(`${line}\r\n`);
    const handle = async (line: string) => {
      const [verb = '', ...args] = line.trim().split(/\s+/);
      const command = verb.toUpperCase();
      this.commands.push(command === 'AUTHINFO' && args[0]?.toUpperCase() === 'PASS' ? 'AUTHINFO PASS ***' : line);
      if (command === 'QUIT') {
        reply('205 closing connection');
        socket.end();
        return;
      }
      if (command === 'AUTHINFO') {
        const kind = args[0]?.toUpperCase();
        if (kind === 'USER') {
          user = args.slice(1).join(' ');
          return void reply('381 password required');
        }
        if (kind === 'PASS') {
          const password = args.slice(1).join(' ');
          if (!this.credentials || (user === this.credentials.user && password === this.credentials.password)) {
            authenticated = true;
            return void reply('281 authentication accepted');
          }
          return void reply('481 authentication failed');
        }
        return void reply('501 unknown AUTHINFO variant');
      }
      if (command === 'CAPABILITIES')
        return void reply(['101 capability list follows', 'VERSION 2', 'READER', 'AUTHINFO USER', '.'].join('\r\n'));
      if (command === 'MODE' && args[0]?.toUpperCase() === 'READER')
        return void reply('200 reader mode, posting prohibited');
      if (command === 'DATE') return void reply(`111 ${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`);
      if (!authenticated) return void reply('480 authentication required');
      if (command === 'GROUP') return void reply(`211 ${this.articles.size} 1 ${this.articles.size} ${args[0] ?? ''}`);
      if (['ARTICLE', 'BODY', 'HEAD', 'STAT'].includes(command)) {
        const id = (args[0] ?? '').replace(/^<|>$/g, '');
        const article = this.articles.get(id);
        if (!article) {
          this.notFound.push(id);
          return void reply('430 no article with that message-id');
        }
        if (command === 'STAT') return void reply(`223 0 <${id}>`);
        if (this.holding.has(id))
          await new Promise<void>((resume) => this.held.set(id, [...(this.held.get(id) ?? []), resume]));
        const code = { ARTICLE: 220, BODY: 222, HEAD: 221 }[command];
        const parts: Buffer[] = [Buffer.from(`${code} 0 <${id}>\r\n`)];
        if (command !== 'BODY') parts.push(dotStuffed(Buffer.from(article.headers)), Buffer.from('\r\n'));
        if (command === 'ARTICLE') parts.push(Buffer.from('\r\n'));
        if (command !== 'HEAD') parts.push(dotStuffed(article.body), Buffer.from('\r\n'));
        parts.push(Buffer.from('.\r\n'));
        if (socket.writable) socket.write(Buffer.concat(parts));
        return;
      }
      reply('500 unknown command');
    };
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      let end: number;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        // One command at a time per connection, in order: a held article holds the commands behind it.
        chain = chain.then(() => handle(line));
      }
    });
    reply('200 Quire test news server ready, posting prohibited');
  }
}

/** CRLF lines with a leading dot doubled (RFC 3977 3.1.1); the body must not end in CRLF itself. */
function dotStuffed(text: Buffer): Buffer {
  const lines = text.toString('latin1').split(/\r\n/);
  return Buffer.from(lines.map((line) => (line.startsWith('.') ? `.${line}` : line)).join('\r\n'), 'latin1');
}

const YENC_LINE = 128;

/** yEnc (version 1.3) of one byte range: each byte + 42, with NUL, LF, CR and '=' escaped, and a line's edge tab, space and dot. */
function yencLines(data: Buffer): string[] {
  const lines: string[] = [];
  let line = '';
  for (let index = 0; index < data.length; index++) {
    const code = (data[index] + 42) & 0xff;
    const edge = line.length === 0 || index === data.length - 1 || line.length >= YENC_LINE - 1;
    const critical =
      code === 0x00 ||
      code === 0x0a ||
      code === 0x0d ||
      code === 0x3d ||
      (edge && (code === 0x09 || code === 0x20)) ||
      (line.length === 0 && code === 0x2e);
    line += critical ? `=${String.fromCharCode((code + 64) & 0xff)}` : String.fromCharCode(code);
    if (line.length >= YENC_LINE) {
      lines.push(line);
      line = '';
    }
  }
  if (line) lines.push(line);
  return lines;
}

const hex = (value: number) => (value >>> 0).toString(16).padStart(8, '0');

export interface YencPart {
  /** 1-based. */
  number: number;
  /** The article body: =ybegin, =ypart, the encoded lines and =yend, CRLF-separated. */
  body: Buffer;
  /** The part's decoded size. */
  size: number;
}

/** Splits a file into yEnc multipart articles, each with its part's CRC32 and the whole file's CRC32 on the last. */
export function yencParts(name: string, data: Buffer, partSize: number): YencPart[] {
  const total = Math.max(1, Math.ceil(data.length / partSize));
  const fileCrc = crc32(data);
  const parts: YencPart[] = [];
  for (let number = 1; number <= total; number++) {
    const begin = (number - 1) * partSize;
    const slice = data.subarray(begin, Math.min(data.length, begin + partSize));
    const lines = [
      `=ybegin part=${number} total=${total} line=${YENC_LINE} size=${data.length} name=${name}`,
      `=ypart begin=${begin + 1} end=${begin + slice.length}`,
      ...yencLines(slice),
      `=yend size=${slice.length} part=${number} pcrc32=${hex(crc32(slice))}${number === total ? ` crc32=${hex(fileCrc)}` : ''}`,
    ];
    parts.push({ number, body: Buffer.from(lines.join('\r\n'), 'latin1'), size: slice.length });
  }
  return parts;
}

const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface NzbFile {
  name: string;
  segments: { messageId: string; bytes: number; number: number }[];
}

/** An NZB 1.1 document listing the files' segments in one group, subjects in the usual `"name" yEnc (i/n)` form. */
export function nzbDocument(files: NzbFile[], group = 'alt.binaries.ebook'): string {
  const entries = files.map(
    (
      file,
    ) => `  <file poster="quire@example.invalid" date="1762250400" subject="${xml(`"${file.name}" yEnc (1/${file.segments.length})`)}">
    <groups><group>${group}</group></groups>
    <segments>
${file.segments.map((segment) => `      <segment bytes="${segment.bytes}" number="${segment.number}">${xml(segment.messageId)}</segment>`).join('\n')}
    </segments>
  </file>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE nzb PUBLIC "-//newzBin//DTD NZB 1.1//EN" "http://www.newzbin.com/DTD/nzb/nzb-1.1.dtd">
<nzb xmlns="http://www.newzbin.com/DTD/2003/nzb">
${entries.join('\n')}
</nzb>
`;
}

/**
 * Posts files to the news server as yEnc articles (message-ids `<prefix>.<file>.<part>@quire.test`) and answers the
 * NZB of them with the sum of its segments' sizes (what a newsreader counts as the download's size). `missing` leaves those files' articles out, so a newsreader gets 430 for every one of them.
 */
export function postFiles(
  server: FakeNntp,
  prefix: string,
  files: { name: string; data: Buffer }[],
  options: { partSize?: number; missing?: string[] } = {},
): { nzb: string; messageIds: string[]; nzbSize: number } {
  const messageIds: string[] = [];
  let nzbSize = 0;
  const entries = files.map((file, fileIndex) => {
    const parts = yencParts(file.name, file.data, options.partSize ?? 16 * 1024);
    const segments = parts.map((part) => {
      const messageId = `${prefix}.${fileIndex + 1}.${part.number}@quire.test`;
      messageIds.push(messageId);
      if (!options.missing?.includes(file.name))
        server.add(
          messageId,
          {
            From: 'quire@example.invalid',
            Newsgroups: 'alt.binaries.ebook',
            Subject: `"${file.name}" yEnc (${part.number}/${parts.length})`,
          },
          part.body,
        );
      nzbSize += part.body.length;
      return { messageId, bytes: part.body.length, number: part.number };
    });
    return { name: file.name, segments };
  });
  return { nzb: nzbDocument(entries), messageIds, nzbSize };
}
