import { Injectable } from '@nestjs/common';
import { bookFileFormat, bookFileMediaType } from '../../platform/common/book-formats';
import { qualityById } from '../../library/profile/quality/quality';
import { BookEntry, FeedLink, OPDS_RELS, OPDS_TYPES } from './opds-feed';
import { OpdsLinks } from './opds-links';
import { OpdsFileRow, OpdsRepository, OpdsSeriesLinkRow } from './opds.repository';
import { stableUuid } from './stable-uuid';

/** `1.2 MB`, for link titles and entry content. */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** The stable `urn:uuid` of a book: derived from its metadata source id, the same on every request. */
export function bookUuid(foreignBookId: string): string {
  return stableUuid(`book:${foreignBookId}`);
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(key(row)) ?? [];
    list.push(row);
    map.set(key(row), list);
  }
  return map;
}

const formatOf = (file: OpdsFileRow) => bookFileFormat(file.path, qualityById(file.qualityId)?.name ?? 'Unknown');

function acquisitionLink(file: OpdsFileRow, links: OpdsLinks): FeedLink {
  const format = formatOf(file);
  const part = file.partCount > 1 ? ` (part ${file.part} of ${file.partCount})` : '';
  const size = Number(file.size);
  return {
    rel: OPDS_RELS.acquisition,
    href: links.href(`file/${file.id}`),
    type: bookFileMediaType(file.path),
    title: `${format}${part}, ${humanSize(size)}`,
    length: size,
  };
}

function seriesText(series: OpdsSeriesLinkRow): string {
  return series.position ? `${series.title} #${series.position}` : series.title;
}

/** Turns book rows into acquisition-feed entries, three queries per page whatever its size. */
@Injectable()
export class OpdsBookEntries {
  constructor(private readonly repository: OpdsRepository) {}

  async forBooks(bookIds: number[], links: OpdsLinks): Promise<BookEntry[]> {
    const [books, files, series] = await Promise.all([
      this.repository.books(bookIds),
      this.repository.filesOfBooks(bookIds),
      this.repository.seriesOfBooks(bookIds),
    ]);
    const byId = new Map(books.map((book) => [book.id, book]));
    const filesOf = groupBy(files, (file) => file.bookId);
    const seriesOf = groupBy(series, (link) => link.bookId);
    const entries: BookEntry[] = [];
    for (const id of bookIds) {
      const book = byId.get(id);
      if (!book) continue;
      const uuid = bookUuid(book.foreignBookId);
      const bookFiles = filesOf.get(id) ?? [];
      const firstSeries = seriesOf.get(id)?.[0];
      const isbn = book.isbn13?.replace(/[^0-9Xx]/g, '');
      const images: FeedLink[] = book.hasCover
        ? [
            { rel: OPDS_RELS.image, href: links.href(`cover/${id}`), type: 'image/jpeg' },
            { rel: OPDS_RELS.thumbnail, href: links.href(`cover/${id}/thumbnail`), type: 'image/jpeg' },
          ]
        : [];
      const formats = bookFiles.map((file) => formatOf(file));
      entries.push({
        id: `urn:uuid:${uuid}`,
        title: book.title,
        updated: new Date(book.fileAdded),
        authors: [book.authorName],
        language: book.language ?? undefined,
        summary: book.overview ?? undefined,
        content: [
          `By ${book.authorName}`,
          firstSeries ? `Series: ${seriesText(firstSeries)}` : undefined,
          `Formats: ${[...new Set(formats)].join(', ')}`,
        ]
          .filter(Boolean)
          .join(' · '),
        issued: book.releaseDate ? new Date(book.releaseDate) : undefined,
        identifiers: [...(isbn ? [`urn:isbn:${isbn}`] : []), `urn:uuid:${uuid}`],
        series: firstSeries
          ? { name: firstSeries.title, position: firstSeries.position ?? String(firstSeries.seriesPosition || '') }
          : undefined,
        links: [
          ...images,
          ...bookFiles.map((file) => acquisitionLink(file, links)),
          {
            rel: 'related',
            href: links.href(`author/${book.authorId}`),
            type: OPDS_TYPES.acquisition,
            title: `All books by ${book.authorName}`,
          },
        ],
      });
    }
    return entries;
  }
}
