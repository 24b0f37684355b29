import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';

/**
 * A small Open Library on 127.0.0.1 speaking the real API: `/search.json`, `/search/authors.json`,
 * `/authors/{id}.json`, `/authors/{id}/works.json`, `/works/{id}.json`, `/works/{id}/editions.json`,
 * `/books/{id}.json`, `/isbn/{isbn}.json` (302 to the edition) — and a second server for the covers host
 * (`/b/id/{id}-{S|M|L}.jpg`, `/a/id/{id}-L.jpg`, `/a/olid/{OLID}-L.jpg`).
 *
 * Its records start as the fixture files in test/fixtures/open-library (real response formats) and can be
 * edited per test (`patch`, `addWork`), and it can be made to fail (`failWith`) or to rate-limit (`rateLimit`).
 * Two authors: J.R.R. Tolkien (OL26320A, languages and parts/sets) and Terry Pratchett (OL16000000A: Discworld
 * series statements on editions and on a work, positions 0.5/1/2/2.5/3, a secondary series, translations).
 */

export const FIXTURES_DIR = join(__dirname, '..', 'fixtures', 'open-library');

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  userAgent?: string;
}

type Doc = Record<string, any>;

/** A minimal valid JPEG (1×1) with a comment segment so each id/size gives distinct bytes. */
function jpeg(comment: string): Buffer {
  const base = Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////' +
      '////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );
  const text = Buffer.from(comment, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([base.subarray(0, 2), segment, text, base.subarray(2)]);
}

function loadFixtures(dir: string): Map<string, Doc> {
  const records = new Map<string, Doc>();
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const full = join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.json')) records.set('/' + relative(dir, full), JSON.parse(readFileSync(full, 'utf8')));
    }
  };
  walk(dir);
  return records;
}

export class FakeOpenLibrary {
  readonly requests: RecordedRequest[] = [];
  readonly coverRequests: RecordedRequest[] = [];
  private records = loadFixtures(FIXTURES_DIR);
  private failure: number | 'close' | undefined;
  private readonly pathFailures = new Map<string, number>();
  private rateLimited = 0;
  private coverIds = new Set<string>();

  private constructor(
    private readonly api: Server,
    private readonly covers: Server,
  ) {
    this.collectCoverIds();
  }

  static async start(): Promise<FakeOpenLibrary> {
    const holder: { fake?: FakeOpenLibrary } = {};
    const api = createServer((request, response) => holder.fake!.handleApi(request, response));
    const covers = createServer((request, response) => holder.fake!.handleCovers(request, response));
    await Promise.all([listen(api), listen(covers)]);
    holder.fake = new FakeOpenLibrary(api, covers);
    return holder.fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.api.address() as AddressInfo).port}`;
  }

  get coversUrl(): string {
    return `http://127.0.0.1:${(this.covers.address() as AddressInfo).port}`;
  }

  /** Every later API request answers this status (or has its connection closed); `undefined` heals. */
  failWith(failure: number | 'close' | undefined): void {
    this.failure = failure;
  }

  /** API requests whose path starts with `prefix` answer `status` (e.g. one work's editions); `undefined` heals. */
  failPath(prefix: string, status: number | undefined): void {
    if (status === undefined) this.pathFailures.delete(prefix);
    else this.pathFailures.set(prefix, status);
  }

  /** The next `count` API requests answer 429 with `Retry-After: 0`. */
  rateLimit(count: number): void {
    this.rateLimited = count;
  }

  /** Restores every record from the fixture files and heals failures. */
  reset(): void {
    this.records = loadFixtures(FIXTURES_DIR);
    this.failure = undefined;
    this.pathFailures.clear();
    this.rateLimited = 0;
    this.requests.length = 0;
    this.coverRequests.length = 0;
    this.collectCoverIds();
  }

  /** Edits a record in place, e.g. `patch('/works/OL262758W.json', (w) => { w.title = 'New' })`. */
  patch(path: string, edit: (record: Doc) => void): void {
    const record = this.records.get(path);
    if (!record) throw new Error(`No fixture ${path}`);
    edit(record);
  }

  /** Adds (or replaces) a record, e.g. an author the fixture files do not hold; `reset()` removes it again. */
  add(path: string, record: Doc): void {
    this.records.set(path, record);
    this.collectCoverIds();
  }

  /** Changes a work's title everywhere Open Library shows it (work record, search docs, author's works list). */
  renameWork(workId: string, title: string): void {
    this.patch(`/works/${workId}.json`, (work) => (work.title = title));
    for (const path of ['/search.json', ...[...this.records.keys()].filter((key) => key.endsWith('/works.json'))]) {
      const record = this.records.get(path)!;
      for (const entry of [...(record.docs ?? []), ...(record.entries ?? [])])
        if (entry.key === `/works/${workId}`) entry.title = title;
    }
  }

  /**
   * Publishes a new work of an author, as Open Library shows one that appeared: the work record, its editions,
   * an entry in the author's works list and a search document (popular enough for Readarr's Standard profile).
   */
  addWork(authorId: string, work: Doc, editions: Doc[]): void {
    const workId = work.key.split('/').pop();
    const entries: Doc[] = editions.map((edition) => ({
      type: { key: '/type/edition' },
      works: [{ key: work.key }],
      ...edition,
    }));
    this.add(`/works/${workId}.json`, { type: { key: '/type/work' }, ...work });
    this.add(`/works/${workId}/editions.json`, { links: {}, size: entries.length, entries });
    for (const edition of entries) this.add(`${edition.key}.json`, edition);
    this.patch(`/authors/${authorId}/works.json`, (list) => {
      list.entries.push(work);
      list.size = list.entries.length;
    });
    const author = (this.records.get('/search/authors.json')!.docs as Doc[]).find((doc) => doc.key === authorId);
    this.addSearchDocs([
      {
        key: work.key,
        type: 'work',
        title: work.title,
        author_key: [authorId],
        author_name: [author?.name],
        edition_count: entries.length,
        want_to_read_count: 500,
        language: [
          ...new Set(entries.flatMap((edition) => edition.languages ?? []).map((l: Doc) => l.key.split('/').pop())),
        ],
      },
    ]);
  }

  /** Appends work search documents to `/search.json` (fields as Open Library returns them). */
  addSearchDocs(docs: Doc[]): void {
    (this.records.get('/search.json')!.docs as Doc[]).push(...docs);
  }

  apiRequests(pathPrefix = ''): RecordedRequest[] {
    return this.requests.filter((request) => request.path.startsWith(pathPrefix));
  }

  async close(): Promise<void> {
    this.api.closeAllConnections();
    this.covers.closeAllConnections();
    await Promise.all([
      new Promise<void>((resolve) => this.api.close(() => resolve())),
      new Promise<void>((resolve) => this.covers.close(() => resolve())),
    ]);
  }

  private handleApi(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const query = Object.fromEntries(url.searchParams.entries());
    this.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query,
      userAgent: request.headers['user-agent'],
    });
    if (this.failure === 'close') {
      request.socket.destroy();
      return;
    }
    if (this.failure !== undefined) return sendJson(response, this.failure, { error: 'Internal Server Error' });
    for (const [prefix, status] of this.pathFailures)
      if (url.pathname.startsWith(prefix)) return sendJson(response, status, { error: 'Internal Server Error' });
    if (this.rateLimited > 0) {
      this.rateLimited--;
      response.setHeader('Retry-After', '0');
      return sendJson(response, 429, { error: 'Too Many Requests' });
    }
    const path = url.pathname;
    if (path === '/search.json') return sendJson(response, 200, this.searchWorks(url.searchParams));
    if (path === '/search/authors.json') return sendJson(response, 200, this.searchAuthors(url.searchParams));

    const isbn = /^\/isbn\/([0-9Xx]{10}|[0-9]{13})\.json$/.exec(path);
    if (isbn) {
      const edition = this.findEditionByIsbn(isbn[1].toUpperCase());
      if (!edition) return sendJson(response, 404, { error: 'notfound', key: `/isbn/${isbn[1]}` });
      response.writeHead(302, { Location: `${edition.key}.json` });
      response.end();
      return;
    }

    const paged = /^\/(authors\/OL\d+A\/works|works\/OL\d+W\/editions)\.json$/.exec(path);
    if (paged) {
      const record = this.records.get(path);
      if (!record) return sendJson(response, 404, { error: 'notfound', key: path.replace(/\.json$/, '') });
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const entries = (record.entries as Doc[]).slice(offset, offset + limit);
      const links: Doc = { ...record.links };
      if (offset + limit < record.size) links.next = `${path}?limit=${limit}&offset=${offset + limit}`;
      return sendJson(response, 200, { links, size: record.size, entries });
    }

    const record = this.records.get(path);
    if (record && /^\/(authors|works|books)\/OL\d+[AWM]\.json$/.test(path)) return sendJson(response, 200, record);
    sendJson(response, 404, { error: 'notfound', key: path.replace(/\.json$/, '') });
  }

  private searchWorks(params: URLSearchParams): Doc {
    const base = this.records.get('/search.json')!;
    let docs = base.docs as Doc[];
    const q = params.get('q')?.trim();
    if (q) {
      const field = /^(author_key|key|id_amazon|id_goodreads|isbn):(.+)$/.exec(q);
      // `field:(a OR b OR c)` asks for any of several values, as Open Library's Solr syntax allows.
      const values = field ? identifierValues(field[2]) : [];
      if (field?.[1] === 'author_key') docs = docs.filter((doc) => doc.author_key?.includes(field[2]));
      else if (field?.[1] === 'key') docs = docs.filter((doc) => doc.key === field[2]);
      else if (field?.[1] === 'id_amazon')
        docs = docs.filter(
          (doc) =>
            values.some((asin) => doc.id_amazon?.includes(asin)) ||
            values.some((asin) => this.workHasAmazonId(doc.key, asin)),
        );
      else if (field?.[1] === 'id_goodreads')
        docs = docs.filter((doc) => values.some((id) => doc.id_goodreads?.includes(id)));
      else if (field?.[1] === 'isbn') docs = docs.filter((doc) => values.some((isbn) => doc.isbn?.includes(isbn)));
      else docs = docs.filter((doc) => matchesText(q, [doc.title, ...(doc.author_name ?? []), ...(doc.isbn ?? [])]));
    }
    const title = params.get('title');
    if (title) docs = docs.filter((doc) => matchesText(title, [doc.title]));
    const author = params.get('author');
    if (author) docs = docs.filter((doc) => matchesText(author, doc.author_name ?? []));
    const isbn = params.get('isbn');
    if (isbn) docs = docs.filter((doc) => doc.isbn?.includes(isbn));
    const offset = Number(params.get('offset') ?? 0);
    const limit = Number(params.get('limit') ?? 100);
    const fields = params
      .get('fields')
      ?.split(',')
      .map((name) => name.trim());
    const page = docs.slice(offset, offset + limit).map((doc) => project(doc, fields));
    return { ...base, numFound: docs.length, num_found: docs.length, start: offset, q: q ?? '', offset, docs: page };
  }

  private searchAuthors(params: URLSearchParams): Doc {
    const base = this.records.get('/search/authors.json')!;
    const q = params.get('q')?.trim() ?? '';
    const key = /^key:\/authors\/(OL\d+A)$/.exec(q);
    const docs = (base.docs as Doc[]).filter((doc) =>
      key ? doc.key === key[1] : matchesText(q, [doc.name, ...(doc.alternate_names ?? [])]),
    );
    const limit = Number(params.get('limit') ?? 100);
    const fields = params
      .get('fields')
      ?.split(',')
      .map((name) => name.trim());
    return { ...base, numFound: docs.length, q, docs: docs.slice(0, limit).map((doc) => project(doc, fields)) };
  }

  private findEditionByIsbn(isbn: string): Doc | undefined {
    for (const [path, record] of this.records)
      if (path.startsWith('/books/') && (record.isbn_13?.includes(isbn) || record.isbn_10?.includes(isbn)))
        return record;
    return undefined;
  }

  private workHasAmazonId(workKey: string, asin: string): boolean {
    const editions = this.records.get(`${workKey}/editions.json`)?.entries as Doc[] | undefined;
    return !!editions?.some((edition) => edition.identifiers?.amazon?.includes(asin));
  }

  private collectCoverIds(): void {
    this.coverIds = new Set();
    for (const [path, record] of this.records) {
      const kind = path.startsWith('/authors/') ? 'a' : 'b';
      for (const id of [...(record.covers ?? []), ...(record.photos ?? [])])
        if (id > 0) this.coverIds.add(`${kind}/id/${id}`);
      if (/^\/authors\/OL\d+A\.json$/.test(path) && record.photos?.some((id: number) => id > 0))
        this.coverIds.add(`a/olid/${record.key.split('/').pop()}`);
    }
  }

  private handleCovers(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    this.coverRequests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams.entries()),
      userAgent: request.headers['user-agent'],
    });
    const match = /^\/([ab])\/(id|olid)\/([A-Za-z0-9]+)-([SML])\.jpg$/.exec(url.pathname);
    if (!match || !this.coverIds.has(`${match[1]}/${match[2]}/${match[3]}`)) {
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('not found');
      return;
    }
    const body = jpeg(`${match[1]}/${match[2]}/${match[3]}-${match[4]}`);
    response.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': body.length });
    response.end(body);
  }
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

/** Open Library's search is token based (any script); every word of the query must appear in one of the fields. */
function matchesText(query: string, fields: (string | undefined)[]): boolean {
  const haystack = fields
    .filter(Boolean)
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const words = query
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.length > 0 && words.every((word) => haystack.includes(word));
}

function identifierValues(text: string): string[] {
  const list = /^\((.*)\)$/.exec(text.trim());
  return (list ? list[1].split(/\s+OR\s+/) : [text]).map((value) => value.trim()).filter(Boolean);
}

function project(doc: Doc, fields: string[] | undefined): Doc {
  if (!fields?.length || fields.includes('*')) return doc;
  return Object.fromEntries(Object.entries(doc).filter(([key]) => fields.includes(key)));
}
