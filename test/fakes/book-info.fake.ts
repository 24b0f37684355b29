import type { ServerResponse } from 'node:http';
import { FakeHttpServer, RecordedRequest, send, sendJson } from './fake-http';

/**
 * A small BookInfo server (Readarr's metadata protocol, as rreading-glasses serves it) on 127.0.0.1:
 * `/author/{id}` (`?edition=` narrows to that edition's work), `/work/{id}`, `/book/{id}` (303 to the author),
 * `/book/isbn/{isbn}` and `/book/asin/{asin}` (303 to `/book/{id}`), `/book/bulk` (POST 303 to GET `?id=…`),
 * `/search?q=`, `/series/{id}`, `/author/changed?since=`, and cover images under `/images/`.
 *
 * Data: J.R.R. Tolkien (four works, a series, a French edition) and a large author with hundreds of works (200) who
 * can be made to answer "still loading" first (`startLoading`: 202 with Retry-After, or 200 without works).
 */

type Json = Record<string, any>;

export const TOLKIEN_ID = 656983;
export const LARGE_AUTHOR_ID = 9000001;
export const LARGE_AUTHOR_WORKS = 200;
export const MIDDLE_EARTH_SERIES_ID = 66175;

interface FakeEdition {
  id: number;
  title: string;
  isbn13?: string;
  asin?: string;
  language: string;
  format: string;
  pages: number;
  released: string;
}

interface FakeWork {
  id: number;
  authorId: number;
  title: string;
  released: string;
  genres: string[];
  editions: FakeEdition[];
  series?: { id: number; position: string; primary: boolean };
}

interface FakeAuthor {
  id: number;
  name: string;
  description: string;
}

interface FakeSeries {
  id: number;
  title: string;
  description: string;
}

function edition(id: number, title: string, extra: Partial<FakeEdition> = {}): FakeEdition {
  return { id, title, language: 'eng', format: 'Paperback', pages: 300, released: '2001-01-01', ...extra };
}

function initialData() {
  const authors: FakeAuthor[] = [
    { id: TOLKIEN_ID, name: 'J.R.R. Tolkien', description: 'English writer and philologist.' },
    { id: LARGE_AUTHOR_ID, name: 'Prolific Writer', description: 'Writes a book a month.' },
  ];
  const series: FakeSeries[] = [
    { id: MIDDLE_EARTH_SERIES_ID, title: 'Middle-earth Universe', description: 'Tales of Arda.' },
  ];
  const works: FakeWork[] = [
    {
      id: 1540236,
      authorId: TOLKIEN_ID,
      title: 'The Hobbit',
      released: '1937-09-21T00:00:00Z',
      genres: ['fantasy', 'classics'],
      editions: [
        edition(5907, 'The Hobbit', {
          isbn13: '9780261102217',
          asin: 'B007978NPG',
          pages: 310,
          released: '1937-09-21',
        }),
        edition(1234567, 'Le Hobbit', { isbn13: '9782253049418', language: 'fra', released: '1980-01-01' }),
      ],
      series: { id: MIDDLE_EARTH_SERIES_ID, position: '1', primary: true },
    },
    {
      id: 3462456,
      authorId: TOLKIEN_ID,
      title: 'The Lord of the Rings',
      released: '1955-10-20T00:00:00Z',
      genres: ['fantasy'],
      editions: [
        edition(33, 'The Lord of the Rings', { isbn13: '9780618640157', pages: 1216, released: '2005-10-12' }),
      ],
      series: { id: MIDDLE_EARTH_SERIES_ID, position: '2', primary: true },
    },
    {
      id: 3245,
      authorId: TOLKIEN_ID,
      title: 'The Silmarillion',
      released: '1977-09-15T00:00:00Z',
      genres: ['fantasy'],
      editions: [edition(7332, 'The Silmarillion', { isbn13: '9780345325815', released: '1985-05-12' })],
      series: { id: MIDDLE_EARTH_SERIES_ID, position: '0.5', primary: false },
    },
    {
      id: 60379456,
      authorId: TOLKIEN_ID,
      title: 'The Fall of Gondolin',
      released: '2018-08-30T00:00:00Z',
      genres: ['fantasy'],
      editions: [edition(39965346, 'The Fall of Gondolin', { isbn13: '9780008302757', released: '2018-08-30' })],
    },
  ];
  for (let index = 0; index < LARGE_AUTHOR_WORKS; index++)
    works.push({
      id: 9_100_000 + index,
      authorId: LARGE_AUTHOR_ID,
      title: `Chronicle Volume ${index + 1}`,
      released: `${1990 + (index % 30)}-03-01T00:00:00Z`,
      genres: ['mystery'],
      editions: [edition(9_200_000 + index, `Chronicle Volume ${index + 1}`)],
    });
  return { authors, series, works };
}

/** A 1×1 JPEG. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////' +
    '////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

export class FakeBookInfo {
  private readonly server = new FakeHttpServer((request, response) => this.handle(request, response));
  private data = initialData();
  /** Authors answering "still loading": how many more answers, and how. */
  private readonly loading = new Map<number, { remaining: number; mode: '202' | 'empty' }>();
  private changedIds: number[] | undefined;

  static async start(): Promise<FakeBookInfo> {
    const fake = new FakeBookInfo();
    await fake.server.start();
    return fake;
  }

  get url(): string {
    return this.server.url;
  }

  get requests(): RecordedRequest[] {
    return this.server.requests;
  }

  requestsTo(pathPrefix: string): RecordedRequest[] {
    return this.server.requests.filter((request) => request.url.pathname.startsWith(pathPrefix));
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  reset(): void {
    this.data = initialData();
    this.loading.clear();
    this.changedIds = undefined;
    this.server.requests.length = 0;
  }

  /** The next `answers` requests for the author say "still loading": 202 (Retry-After: 1) or 200 without works. */
  startLoading(authorId: number, answers: number, mode: '202' | 'empty' = '202'): void {
    this.loading.set(authorId, { remaining: answers, mode });
  }

  /** Makes `/author/changed` answer these ids (not `Limited`); undefined makes it `Limited` again. */
  setChanged(ids: number[] | undefined): void {
    this.changedIds = ids;
  }

  renameWork(workId: number, title: string): void {
    this.work(workId)!.title = title;
  }

  private handle(request: RecordedRequest, response: ServerResponse): void {
    const path = request.url.pathname;
    const query = request.url.searchParams;
    if (path.startsWith('/images/')) return send(response, 200, JPEG, 'image/jpeg');
    if (path === '/search') return sendJson(response, 200, this.search(query.get('q') ?? ''));
    if (path === '/author/changed')
      return sendJson(response, 200, {
        Limited: this.changedIds === undefined,
        Since: query.get('since'),
        Ids: this.changedIds ?? [],
      });
    if (path === '/book/bulk') {
      if (request.method === 'POST') {
        const ids = JSON.parse(request.body.toString('utf8') || '[]') as number[];
        return redirect(response, `/book/bulk?${ids.map((id) => `id=${id}`).join('&')}`);
      }
      return sendJson(response, 200, this.bulk(query.getAll('id').map(Number)));
    }
    let match = /^\/book\/isbn\/([0-9Xx-]+)$/.exec(path);
    if (match) return this.redirectToEdition(response, (e) => e.isbn13 === match![1].replace(/-/g, ''));
    match = /^\/book\/asin\/([0-9A-Za-z]+)$/.exec(path);
    if (match) return this.redirectToEdition(response, (e) => e.asin === match![1].toUpperCase());
    match = /^\/book\/(\d+)$/.exec(path);
    if (match) {
      const found = this.findEdition((e) => e.id === +match![1]);
      if (!found) return send(response, 404, 'not found');
      return redirect(response, `/author/${found.work.authorId}?edition=${found.edition.id}`);
    }
    match = /^\/author\/(\d+)$/.exec(path);
    if (match) return this.author(response, +match[1], query.get('edition'));
    match = /^\/work\/(\d+)$/.exec(path);
    if (match) {
      const work = this.work(+match[1]);
      return work ? sendJson(response, 200, this.workResource(work, true)) : send(response, 404, 'not found');
    }
    match = /^\/series\/(\d+)$/.exec(path);
    if (match) {
      const series = this.data.series.find((s) => s.id === +match[1]);
      return series ? sendJson(response, 200, this.seriesResource(series)) : send(response, 404, 'not found');
    }
    send(response, 404, 'not found');
  }

  private author(response: ServerResponse, id: number, editionParam: string | null): void {
    const author = this.data.authors.find((a) => a.id === id);
    if (!author) return send(response, 404, 'not found');
    const loading = this.loading.get(id);
    if (loading && loading.remaining > 0) {
      loading.remaining--;
      if (loading.mode === '202') {
        response.writeHead(202, { 'Retry-After': '1' });
        response.end();
        return;
      }
      return sendJson(response, 200, { ...this.authorSummary(author), Works: [], Series: [] });
    }
    let works = this.data.works.filter((w) => w.authorId === id);
    if (editionParam) works = works.filter((w) => w.editions.some((e) => e.id === +editionParam));
    sendJson(response, 200, {
      ...this.authorSummary(author),
      Works: works.map((w) => this.workResource(w, false)),
      Series: this.seriesOf(works),
    });
  }

  private redirectToEdition(response: ServerResponse, pick: (edition: FakeEdition) => boolean): void {
    const found = this.findEdition(pick);
    if (!found) return send(response, 404, 'not found');
    redirect(response, `/book/${found.edition.id}`);
  }

  private search(q: string): Json[] {
    const words = q
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    if (!words.length) return [];
    return this.data.works
      .filter((work) => {
        const author = this.data.authors.find((a) => a.id === work.authorId)!;
        const haystack =
          `${work.title} ${author.name} ${work.editions.map((e) => e.isbn13 ?? '').join(' ')}`.toLowerCase();
        return words.every((word) => haystack.includes(word));
      })
      .slice(0, 20)
      .map((work) => ({
        bookId: work.editions[0].id,
        workId: work.id,
        title: work.title,
        author: { id: work.authorId, name: this.data.authors.find((a) => a.id === work.authorId)!.name },
      }));
  }

  private bulk(editionIds: number[]): Json {
    const works: Json[] = [];
    const authors = new Map<number, Json>();
    const seriesWorks: FakeWork[] = [];
    for (const id of editionIds) {
      const found = this.findEdition((e) => e.id === id);
      if (!found) continue;
      const resource = this.workResource(found.work, true);
      resource.Books = resource.Books.filter((book: Json) => book.ForeignId === id);
      works.push(resource);
      seriesWorks.push(found.work);
      const author = this.data.authors.find((a) => a.id === found.work.authorId)!;
      authors.set(author.id, { ...this.authorSummary(author), Series: this.seriesOf([found.work]) });
    }
    return { Works: works, Series: this.seriesOf(seriesWorks), Authors: [...authors.values()] };
  }

  private workResource(work: FakeWork, withAuthors: boolean): Json {
    const author = this.data.authors.find((a) => a.id === work.authorId)!;
    return {
      ForeignId: work.id,
      Title: work.title,
      Url: `https://www.goodreads.com/work/editions/${work.id}`,
      ReleaseDate: work.released,
      Genres: work.genres,
      RelatedWorks: [],
      Books: work.editions.map((e) => this.bookResource(e, work)),
      Series: this.seriesOf([work]),
      Authors: withAuthors ? [this.authorSummary(author)] : [],
      RatingCount: 1000,
      AverageRating: 4.2,
    };
  }

  private bookResource(e: FakeEdition, work: FakeWork): Json {
    return {
      ForeignId: e.id,
      Asin: e.asin ?? '',
      Description: `${e.title}, an edition.`,
      Isbn13: e.isbn13,
      Title: e.title,
      Language: e.language,
      Format: e.format,
      EditionInformation: '',
      Publisher: 'Fake House',
      ImageUrl: `${this.url}/images/book/${e.id}.jpg`,
      IsEbook: false,
      NumPages: e.pages,
      RatingCount: 500,
      AverageRating: 4.1,
      Url: `https://www.goodreads.com/book/show/${e.id}`,
      ReleaseDate: `${e.released}T00:00:00Z`,
      Contributors: [{ ForeignId: work.authorId, Role: 'Author' }],
    };
  }

  private authorSummary(author: FakeAuthor): Json {
    return {
      ForeignId: author.id,
      Name: author.name,
      Description: author.description,
      ImageUrl: `${this.url}/images/author/${author.id}.jpg`,
      Url: `https://www.goodreads.com/author/show/${author.id}`,
      RatingCount: 100000,
      AverageRating: 4.3,
    };
  }

  private seriesOf(works: FakeWork[]): Json[] {
    const ids = new Set(works.map((w) => w.series?.id).filter((id): id is number => !!id));
    return this.data.series.filter((s) => ids.has(s.id)).map((s) => this.seriesResource(s));
  }

  private seriesResource(series: FakeSeries): Json {
    return {
      ForeignId: series.id,
      Title: series.title,
      Description: series.description,
      LinkItems: this.data.works
        .filter((w) => w.series?.id === series.id)
        .map((w) => ({
          ForeignWorkId: w.id,
          PositionInSeries: w.series!.position,
          SeriesPosition: Math.floor(Number(w.series!.position)) || 0,
          Primary: w.series!.primary,
        })),
    };
  }

  private work(id: number): FakeWork | undefined {
    return this.data.works.find((w) => w.id === id);
  }

  private findEdition(pick: (edition: FakeEdition) => boolean): { work: FakeWork; edition: FakeEdition } | undefined {
    for (const work of this.data.works) {
      const found = work.editions.find(pick);
      if (found) return { work, edition: found };
    }
    return undefined;
  }
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { Location: location });
  response.end();
}
