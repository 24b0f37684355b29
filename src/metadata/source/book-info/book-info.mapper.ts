import type {
  RemoteAuthor,
  RemoteAuthorRef,
  RemoteBook,
  RemoteEdition,
  RemoteImage,
  RemoteLink,
  RemoteRatings,
  RemoteSeries,
  RemoteSeriesLink,
} from '../metadata-source';
import { popularity } from '../open-library/open-library.parsing';
import { languageCode } from './book-info.language';
import type { BiAuthor, BiBook, BiSeries, BiWork } from './book-info.types';

/** Series links of each work (`ForeignWorkId` → links), gathered from every `Series` list of an answer. */
export type SeriesIndex = Map<string, RemoteSeriesLink[]>;

export function indexSeries(...lists: (BiSeries[] | undefined)[]): SeriesIndex {
  const index: SeriesIndex = new Map();
  for (const series of lists.flatMap((list) => list ?? [])) {
    for (const link of series.LinkItems ?? []) {
      const workId = String(link.ForeignWorkId);
      const links = index.get(workId) ?? [];
      if (links.some((known) => known.foreignSeriesId === String(series.ForeignId))) continue;
      links.push({
        foreignSeriesId: String(series.ForeignId),
        title: series.Title,
        position: position(link.PositionInSeries, link.SeriesPosition),
        isPrimary: link.Primary ?? false,
        primaryWork: link.Primary,
      });
      index.set(workId, links);
    }
  }
  return index;
}

export function mapSeries(series: BiSeries): RemoteSeries {
  const works = (series.LinkItems ?? []).map((link) => ({
    foreignBookId: String(link.ForeignWorkId),
    position: position(link.PositionInSeries, link.SeriesPosition),
    isPrimary: link.Primary ?? false,
  }));
  return {
    foreignSeriesId: String(series.ForeignId),
    title: series.Title,
    description: text(series.Description),
    numbered: works.some((work) => work.position !== undefined),
    works,
  };
}

export function mapAuthor(author: BiAuthor): RemoteAuthor {
  const works = author.Works ?? [];
  return {
    foreignAuthorId: String(author.ForeignId),
    name: author.Name?.trim() || String(author.ForeignId),
    overview: text(author.Description),
    // The protocol states no death date; Readarr keeps every BookInfo author "continuing".
    status: 'continuing',
    aliases: [],
    images: image('poster', author.ImageUrl),
    links: link(author.Url),
    genres: [...new Set(works.flatMap((work) => work.Genres ?? []))].slice(0, 10),
    ratings: ratings(author.RatingCount, author.AverageRating, works.length),
    topWork: works[0]?.Title,
    workCount: works.length || undefined,
  };
}

/** A work; `context` is the author whose answer carried it (works inside an author omit their authors). */
export function mapWork(work: BiWork, series: SeriesIndex, context?: BiAuthor): RemoteBook {
  const books = work.Books ?? [];
  const id = String(work.ForeignId);
  const votes = work.RatingCount ?? books.reduce((sum, book) => sum + (book.RatingCount ?? 0), 0);
  const average = work.AverageRating ?? books[0]?.AverageRating;
  const ownSeries = indexSeries(work.Series).get(id) ?? [];
  const links = [...ownSeries];
  for (const known of series.get(id) ?? [])
    if (!links.some((link) => link.foreignSeriesId === known.foreignSeriesId)) links.push(known);
  return {
    foreignBookId: id,
    title: work.Title?.trim() || books[0]?.Title?.trim() || id,
    authors: workAuthors(work, context),
    overview: text(books[0]?.Description),
    releaseDate: date(work.ReleaseDate) ?? earliest(books),
    genres: work.Genres ?? [],
    images: image('cover', books[0]?.ImageUrl),
    links: link(work.Url),
    ratings: ratings(votes, average, books.length),
    editionCount: books.length,
    languages: [...new Set(books.map((book) => languageCode(book.Language)).filter((code): code is string => !!code))],
    coverEditionId: books[0] ? String(books[0].ForeignId) : undefined,
    editions: books.map((book) => mapEdition(book, id)),
    series: links,
  };
}

export function mapEdition(book: BiBook, foreignBookId?: string): RemoteEdition {
  const format = text(book.Format);
  return {
    foreignEditionId: String(book.ForeignId),
    foreignBookId,
    title: book.Title?.trim() || String(book.ForeignId),
    isbn13: /^\d{13}$/.test(book.Isbn13 ?? '') ? book.Isbn13 : undefined,
    asin: text(book.Asin),
    language: languageCode(book.Language),
    overview: text(book.Description),
    disambiguation: text(book.EditionInformation),
    format,
    isEbook: book.IsEbook ?? false,
    publisher: text(book.Publisher),
    pageCount: book.NumPages ?? 0,
    releaseDate: date(book.ReleaseDate),
    images: image('cover', book.ImageUrl),
    links: link(book.Url),
    ratings: ratings(book.RatingCount, book.AverageRating, 1),
  };
}

function workAuthors(work: BiWork, context?: BiAuthor): RemoteAuthorRef[] {
  const refs: RemoteAuthorRef[] = (work.Authors ?? []).map((author) => ({
    foreignAuthorId: String(author.ForeignId),
    name: author.Name,
  }));
  if (context && !refs.some((ref) => ref.foreignAuthorId === String(context.ForeignId)))
    refs.unshift({ foreignAuthorId: String(context.ForeignId), name: context.Name });
  if (!refs.length) {
    const contributor = work.Books?.[0]?.Contributors?.[0];
    if (contributor) refs.push({ foreignAuthorId: String(contributor.ForeignId) });
  }
  return refs;
}

function position(text: string | undefined, number: number | undefined): string | undefined {
  if (text?.trim()) return text.trim();
  return number ? String(number) : undefined;
}

function ratings(votes = 0, value = 0, editionCount = 0): RemoteRatings {
  return {
    votes,
    value: Math.round(value * 100) / 100,
    popularity: popularity({ ratingsAverage: value, ratingsCount: votes, editionCount }),
  };
}

function image(coverType: RemoteImage['coverType'], url: string | undefined): RemoteImage[] {
  return url && /^https?:\/\//.test(url) ? [{ coverType, url }] : [];
}

function link(url: string | undefined): RemoteLink[] {
  if (!url) return [];
  return [{ url, name: /hardcover/i.test(url) ? 'Hardcover' : 'Goodreads' }];
}

function text(value: string | undefined | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function date(value: string | undefined | null): Date | undefined {
  if (!value) return undefined;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime()) || parsed.getUTCFullYear() < 1000) return undefined;
  return parsed;
}

function earliest(books: BiBook[]): Date | undefined {
  const dates = books.map((book) => date(book.ReleaseDate)).filter((value): value is Date => !!value);
  return dates.length ? new Date(Math.min(...dates.map((value) => value.getTime()))) : undefined;
}
