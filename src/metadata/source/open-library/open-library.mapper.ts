import type {
  RemoteAuthor,
  RemoteBook,
  RemoteEdition,
  RemoteImage,
  RemoteLink,
  RemoteSeriesLink,
} from '../metadata-source';
import {
  genresFromSubjects,
  isbn10To13,
  normaliseIsbn,
  olId,
  openLibrarySeriesId,
  parsePublishDate,
  parseSeriesStatement,
  popularity,
  textValue,
} from './open-library.parsing';
import type { OlAuthor, OlAuthorSearchDoc, OlEdition, OlWork, OlWorkSearchDoc } from './open-library.types';

/** Links always point at the public site, whatever mirror serves the API. */
export const OPEN_LIBRARY_SITE = 'https://openlibrary.org';

const EBOOK_FORMAT = /e-?book|kindle|electronic|epub|pdf|digital|online/i;
const AUDIO_FORMAT = /audio|cd|mp3|cassette|audible/i;

function coverImage(coverBase: string, kind: 'a' | 'b', id: number | undefined): RemoteImage[] {
  if (!id || id <= 0) return [];
  return [
    {
      coverType: kind === 'a' ? 'poster' : 'cover',
      url: `${coverBase}/${kind}/id/${id}-L.jpg`,
      smallUrl: `${coverBase}/${kind}/id/${id}-M.jpg`,
    },
  ];
}

/** Series statements → links; the first statement is the primary series, a repeated series counts once. */
export function mapSeriesStatements(statements: string[] | undefined): RemoteSeriesLink[] {
  const links: RemoteSeriesLink[] = [];
  for (const statement of statements ?? []) {
    const parsed = parseSeriesStatement(statement);
    if (!parsed) continue;
    const foreignSeriesId = openLibrarySeriesId(parsed.title);
    if (links.some((link) => link.foreignSeriesId === foreignSeriesId)) continue;
    links.push({ foreignSeriesId, title: parsed.title, position: parsed.position, isPrimary: links.length === 0 });
  }
  return links;
}

function statsRatings(doc: OlWorkSearchDoc | OlAuthorSearchDoc | undefined, editionCount = 0) {
  return {
    votes: doc?.ratings_count ?? 0,
    value: Math.round((doc?.ratings_average ?? 0) * 100) / 100,
    popularity: popularity({
      ratingsAverage: doc?.ratings_average,
      ratingsCount: doc?.ratings_count,
      wantToRead: doc?.want_to_read_count,
      alreadyRead: doc?.already_read_count,
      currentlyReading: doc?.currently_reading_count,
      editionCount,
    }),
  };
}

export function mapAuthorSearchDoc(doc: OlAuthorSearchDoc, coverBase: string): RemoteAuthor {
  const id = olId(doc.key);
  return {
    foreignAuthorId: id,
    name: doc.name?.trim() || id,
    status: doc.death_date ? 'ended' : 'continuing',
    born: parsePublishDate(doc.birth_date),
    died: parsePublishDate(doc.death_date),
    aliases: doc.alternate_names ?? [],
    // Search documents carry no photo id; the covers host resolves an author's photo by key.
    images: [
      { coverType: 'poster', url: `${coverBase}/a/olid/${id}-L.jpg`, smallUrl: `${coverBase}/a/olid/${id}-M.jpg` },
    ],
    links: [{ url: `${OPEN_LIBRARY_SITE}/authors/${id}`, name: 'Open Library' }],
    genres: genresFromSubjects(doc.top_subjects),
    ratings: statsRatings(doc),
    topWork: doc.top_work,
    workCount: doc.work_count,
  };
}

export function mapAuthor(author: OlAuthor, coverBase: string, stats?: OlAuthorSearchDoc): RemoteAuthor {
  const id = olId(author.key);
  const links: RemoteLink[] = [{ url: `${OPEN_LIBRARY_SITE}/authors/${id}`, name: 'Open Library' }];
  for (const link of author.links ?? []) if (link.url) links.push({ url: link.url, name: link.title ?? link.url });
  if (author.wikipedia && !links.some((link) => link.url === author.wikipedia))
    links.push({ url: author.wikipedia, name: 'Wikipedia' });
  return {
    foreignAuthorId: id,
    name: author.name?.trim() || author.personal_name?.trim() || id,
    overview: textValue(author.bio),
    status: author.death_date ? 'ended' : 'continuing',
    born: parsePublishDate(author.birth_date),
    died: parsePublishDate(author.death_date),
    aliases: author.alternate_names ?? [],
    images: coverImage(
      coverBase,
      'a',
      author.photos?.find((photo) => photo > 0),
    ),
    links,
    genres: genresFromSubjects(stats?.top_subjects),
    ratings: statsRatings(stats),
    topWork: stats?.top_work,
    workCount: stats?.work_count,
  };
}

/** A work from `/search.json` (carries popularity data and languages, but no description). */
export function mapWorkSearchDoc(doc: OlWorkSearchDoc, coverBase: string): RemoteBook {
  const id = olId(doc.key);
  return {
    foreignBookId: id,
    title: doc.title?.trim() || id,
    authors: (doc.author_key ?? []).map((key, index) => ({ foreignAuthorId: key, name: doc.author_name?.[index] })),
    releaseDate: doc.first_publish_year ? parsePublishDate(String(doc.first_publish_year)) : undefined,
    genres: genresFromSubjects(doc.subject),
    images: coverImage(coverBase, 'b', doc.cover_i),
    links: [{ url: `${OPEN_LIBRARY_SITE}/works/${id}`, name: 'Open Library' }],
    ratings: statsRatings(doc, doc.edition_count ?? 0),
    editionCount: doc.edition_count ?? 0,
    languages: doc.language ?? [],
    coverEditionId: doc.cover_edition_key,
  };
}

/**
 * A work from `/works/{id}.json` or an author's works list, enriched with its search document when there is
 * one (popularity, languages, first publish year: the work record itself has none of those reliably).
 */
export function mapWork(work: OlWork, coverBase: string, stats?: OlWorkSearchDoc): RemoteBook {
  const id = olId(work.key);
  const fromStats = stats ? mapWorkSearchDoc(stats, coverBase) : undefined;
  const releaseDate = fromStats?.releaseDate ?? parsePublishDate(work.first_publish_date);
  const links: RemoteLink[] = [{ url: `${OPEN_LIBRARY_SITE}/works/${id}`, name: 'Open Library' }];
  for (const link of work.links ?? []) if (link.url) links.push({ url: link.url, name: link.title ?? link.url });
  const images = coverImage(
    coverBase,
    'b',
    work.covers?.find((cover) => cover > 0),
  );
  return {
    foreignBookId: id,
    title: work.title?.trim() || fromStats?.title || id,
    authors: (work.authors ?? [])
      .map((entry) => entry.author?.key)
      .filter((key): key is string => !!key)
      .map((key) => {
        const foreignAuthorId = olId(key);
        const index = stats?.author_key?.indexOf(foreignAuthorId) ?? -1;
        return { foreignAuthorId, name: index >= 0 ? stats?.author_name?.[index] : undefined };
      }),
    overview: textValue(work.description),
    releaseDate,
    genres: work.subjects?.length ? genresFromSubjects(work.subjects) : (fromStats?.genres ?? []),
    images: images.length ? images : (fromStats?.images ?? []),
    links,
    ratings: fromStats?.ratings ?? statsRatings(undefined),
    editionCount: fromStats?.editionCount ?? 0,
    languages: fromStats?.languages ?? [],
    coverEditionId: fromStats?.coverEditionId,
    series: mapSeriesStatements(work.series),
  };
}

export function mapEdition(edition: OlEdition, coverBase: string): RemoteEdition {
  const id = olId(edition.key);
  const isbn13 = edition.isbn_13?.map(normaliseIsbn).find((isbn) => isbn.length === 13);
  const isbn10 = edition.isbn_10?.map(normaliseIsbn).find((isbn) => isbn.length === 10);
  const format = edition.physical_format?.trim() || undefined;
  const asin = edition.identifiers?.amazon?.find((value) => /^B0[0-9A-Z]{8}$/i.test(value.trim()))?.trim();
  const title = edition.title?.trim() || id;
  return {
    foreignEditionId: id,
    foreignBookId: edition.works?.[0]?.key ? olId(edition.works[0].key) : undefined,
    title: edition.subtitle?.trim() ? `${title}: ${edition.subtitle.trim()}` : title,
    isbn13: isbn13 ?? (isbn10 ? isbn10To13(isbn10) : undefined),
    asin: asin?.toUpperCase() ?? (format && EBOOK_FORMAT.test(format) ? isbn10 : undefined),
    language: edition.languages?.[0]?.key ? olId(edition.languages[0].key) : undefined,
    overview: textValue(edition.description),
    format,
    isEbook: !!format && EBOOK_FORMAT.test(format) && !AUDIO_FORMAT.test(format),
    publisher: edition.publishers?.[0]?.trim() || undefined,
    pageCount: edition.number_of_pages && edition.number_of_pages > 0 ? Math.round(edition.number_of_pages) : 0,
    releaseDate: parsePublishDate(edition.publish_date),
    images: coverImage(
      coverBase,
      'b',
      edition.covers?.find((cover) => cover > 0),
    ),
    links: [{ url: `${OPEN_LIBRARY_SITE}/books/${id}`, name: 'Open Library' }],
    ratings: { votes: 0, value: 0, popularity: 0 },
    // `edition_name` ("2nd ed.") is what Readarr shows as an edition's disambiguation.
    disambiguation: edition.edition_name?.trim() || undefined,
    series: mapSeriesStatements(edition.series),
  };
}
