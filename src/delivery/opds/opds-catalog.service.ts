import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../platform/common/errors/domain-errors';
import { OpdsBookEntries } from './opds-book-entries';
import { Feed, FeedKind, FeedLink, NavigationEntry, OPDS_RELS, OPDS_TYPES } from './opds-feed';
import { OpdsLinks } from './opds-links';
import { OpdsRepository, PageWindow } from './opds.repository';
import { stableUuid } from './stable-uuid';

/** At most this many entries per feed page (a 100,000-book library pages, it is never dumped). */
export const OPDS_PAGE_SIZE = 50;

const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'];

/** The A–Z bucket of a name's first character: accents folded (É → E), anything else under `#`. */
export function letterOf(initial: string): string {
  const folded = initial.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  return /^[A-Z]$/.test(folded) ? folded : '#';
}

function window(page: number): PageWindow {
  // One row more than a page: its presence says there is a next page.
  return { offset: (page - 1) * OPDS_PAGE_SIZE, limit: OPDS_PAGE_SIZE + 1 };
}

const feedId = (path: string) => `urn:uuid:${stableUuid(`opds:${path}`)}`;

/** Builds the OPDS 1.2 feeds: root navigation, authors A–Z, series, recently added, search, per author/series. */
@Injectable()
export class OpdsCatalogService {
  constructor(
    private readonly repository: OpdsRepository,
    private readonly entries: OpdsBookEntries,
  ) {}

  root(links: OpdsLinks): Feed {
    const now = new Date();
    const nav = (path: string, title: string, content: string, kind: FeedKind, rel = 'subsection') => ({
      id: feedId(path),
      title,
      updated: now,
      content,
      link: { rel, href: links.href(path), type: OPDS_TYPES[kind] },
    });
    return {
      id: feedId(''),
      title: 'Quire library',
      updated: now,
      kind: 'navigation',
      links: this.baseLinks(links, links.href(''), 'navigation'),
      entries: [
        nav('authors', 'Authors', 'Authors from A to Z', 'navigation'),
        nav('series', 'Series', 'Books by series', 'navigation'),
        nav('recent', 'Recently added', 'The newest books in the library', 'acquisition', OPDS_RELS.sortNew),
      ],
    };
  }

  async authorLetters(links: OpdsLinks): Promise<Feed> {
    const counts = new Map<string, number>();
    for (const row of await this.repository.authorInitials())
      counts.set(letterOf(row.initial), (counts.get(letterOf(row.initial)) ?? 0) + row.count);
    const now = new Date();
    const entries: NavigationEntry[] = LETTERS.filter((letter) => counts.has(letter)).map((letter) => ({
      id: feedId(`authors/${letter}`),
      title: letter,
      updated: now,
      content: `${counts.get(letter)} ${counts.get(letter) === 1 ? 'author' : 'authors'}`,
      link: {
        rel: 'subsection',
        href: links.href(`authors/${encodeURIComponent(letter)}`),
        type: OPDS_TYPES.navigation,
      },
    }));
    return {
      id: feedId('authors'),
      title: 'Authors',
      updated: now,
      kind: 'navigation',
      links: this.baseLinks(links, links.href('authors'), 'navigation'),
      entries,
    };
  }

  async authorsByLetter(letter: string, page: number, links: OpdsLinks): Promise<Feed> {
    const wanted = letter.toUpperCase();
    if (!LETTERS.includes(wanted)) throw new NotFoundError(`No author letter '${letter}'`);
    const initials = (await this.repository.authorInitials())
      .map((row) => row.initial)
      .filter((initial) => letterOf(initial) === wanted);
    const rows = initials.length ? await this.repository.authorsByInitials(initials, window(page)) : [];
    const path = `authors/${encodeURIComponent(wanted)}`;
    const now = new Date();
    const entries: NavigationEntry[] = rows.slice(0, OPDS_PAGE_SIZE).map((row) => ({
      id: feedId(`author/${row.id}`),
      title: row.name,
      updated: now,
      content: `${row.bookCount} ${row.bookCount === 1 ? 'book' : 'books'}`,
      link: { rel: 'subsection', href: links.href(`author/${row.id}`), type: OPDS_TYPES.acquisition },
    }));
    return this.paged(links, path, {}, page, rows.length > OPDS_PAGE_SIZE, {
      id: feedId(path),
      title: `Authors: ${wanted}`,
      updated: now,
      kind: 'navigation',
      entries,
    });
  }

  async author(authorId: number, page: number, links: OpdsLinks): Promise<Feed> {
    const name = await this.repository.authorName(authorId);
    if (name === undefined) throw new NotFoundError(`Author with ID ${authorId} does not exist`);
    const ids = await this.repository.bookIdsOfAuthor(authorId, window(page));
    return this.acquisition(links, `author/${authorId}`, {}, page, ids, name);
  }

  async seriesList(page: number, links: OpdsLinks): Promise<Feed> {
    const rows = await this.repository.series(window(page));
    const now = new Date();
    const entries: NavigationEntry[] = rows.slice(0, OPDS_PAGE_SIZE).map((row) => ({
      id: feedId(`series/${row.id}`),
      title: row.name,
      updated: now,
      content: `${row.bookCount} ${row.bookCount === 1 ? 'book' : 'books'}`,
      link: { rel: 'subsection', href: links.href(`series/${row.id}`), type: OPDS_TYPES.acquisition },
    }));
    return this.paged(links, 'series', {}, page, rows.length > OPDS_PAGE_SIZE, {
      id: feedId('series'),
      title: 'Series',
      updated: now,
      kind: 'navigation',
      entries,
    });
  }

  async series(seriesId: number, page: number, links: OpdsLinks): Promise<Feed> {
    const title = await this.repository.seriesTitle(seriesId);
    if (title === undefined) throw new NotFoundError(`Series with ID ${seriesId} does not exist`);
    const ids = await this.repository.bookIdsOfSeries(seriesId, window(page));
    return this.acquisition(links, `series/${seriesId}`, {}, page, ids, title);
  }

  async recent(page: number, links: OpdsLinks): Promise<Feed> {
    const ids = await this.repository.recentBookIds(window(page));
    return this.acquisition(links, 'recent', {}, page, ids, 'Recently added');
  }

  async search(text: string, page: number, links: OpdsLinks): Promise<Feed> {
    const ids = text.trim() ? await this.repository.searchBookIds(text.trim(), window(page)) : [];
    return this.acquisition(links, 'search', { q: text }, page, ids, `Search: ${text}`);
  }

  private async acquisition(
    links: OpdsLinks,
    path: string,
    query: Record<string, string>,
    page: number,
    ids: number[],
    title: string,
  ): Promise<Feed> {
    const entries = await this.entries.forBooks(ids.slice(0, OPDS_PAGE_SIZE), links);
    const updated = entries.reduce((latest, entry) => (entry.updated > latest ? entry.updated : latest), new Date(0));
    return this.paged(links, path, query, page, ids.length > OPDS_PAGE_SIZE, {
      id: feedId(path + (query.q !== undefined ? `?q=${query.q}` : '')),
      title,
      updated: entries.length ? updated : new Date(),
      kind: 'acquisition',
      entries,
    });
  }

  /** Adds self/start/search links and the paging links (first, previous, next) of page `page`. */
  private paged(
    links: OpdsLinks,
    path: string,
    query: Record<string, string>,
    page: number,
    hasNext: boolean,
    feed: Omit<Feed, 'links'>,
  ): Feed {
    const type = OPDS_TYPES[feed.kind];
    const at = (number: number) => links.href(path, { ...query, page: number > 1 ? number : undefined });
    const paging: FeedLink[] = [{ rel: 'first', href: at(1), type }];
    if (page > 1) paging.push({ rel: 'previous', href: at(page - 1), type });
    if (hasNext) paging.push({ rel: 'next', href: at(page + 1), type });
    return {
      ...feed,
      links: [...this.baseLinks(links, at(page), feed.kind), ...paging],
      paging: { itemsPerPage: OPDS_PAGE_SIZE, startIndex: (page - 1) * OPDS_PAGE_SIZE + 1 },
    };
  }

  private baseLinks(links: OpdsLinks, self: string, kind: FeedKind): FeedLink[] {
    return [
      { rel: 'self', href: self, type: OPDS_TYPES[kind] },
      { rel: 'start', href: links.href(''), type: OPDS_TYPES.navigation, title: 'Quire library' },
      { rel: 'search', href: links.href('opensearch.xml'), type: OPDS_TYPES.openSearch, title: 'Search' },
    ];
  }
}
