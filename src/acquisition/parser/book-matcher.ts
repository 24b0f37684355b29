import { cleanName } from '../../platform/common/text/clean-name';
import type { LibraryAuthor, LibraryBook } from './library-lookup.repository';
import type { ParsedBookInfo } from './parsed-book-info';
import { parseQuality } from './quality-parser';
import { authorMatches, bookTitleScore } from './title-matching';

export function matchAuthor(parsed: ParsedBookInfo, authors: LibraryAuthor[]): LibraryAuthor | undefined {
  if (!parsed.authorName) return undefined;
  return authors.find((author) => authorMatches(parsed.authorName!, [author.name, ...(author.aliases ?? [])]));
}

/**
 * The books of one author a parsed release is for: the best title match (equal beats contained), or for a
 * discography every book, limited to its year range when it names one.
 */
export function matchBooks(parsed: ParsedBookInfo, books: LibraryBook[]): LibraryBook[] {
  if (parsed.discography && !parsed.bookTitle) {
    if (!parsed.discographyStart) return books;
    return books.filter((book) => {
      const year = book.releaseDate ? new Date(book.releaseDate).getUTCFullYear() : 0;
      return year >= parsed.discographyStart && year <= parsed.discographyEnd;
    });
  }
  if (!parsed.bookTitle) return [];
  let best = 0;
  let matches: LibraryBook[] = [];
  for (const book of books) {
    const score = Math.max(
      bookTitleScore(parsed.bookTitle, book.title),
      book.editionTitle ? bookTitleScore(parsed.bookTitle, book.editionTitle) : 0,
    );
    if (score > best) {
      best = score;
      matches = [book];
    } else if (score === best && score > 0) matches.push(book);
  }
  // Several books contained in one title with none equal is ambiguous: take the longest title only.
  if (best === 1 && matches.length > 1)
    matches = [matches.reduce((a, b) => (cleanName(b.title).length > cleanName(a.title).length ? b : a))];
  return matches;
}

/**
 * Readarr's ParseBookTitleWithSearchCriteria: when a title does not follow "Author - Book", look for the
 * searched author's name and one of the searched books inside it.
 */
export function parseWithSearchCriteria(
  title: string,
  author: LibraryAuthor,
  books: LibraryBook[],
): ParsedBookInfo | null {
  const clean = cleanName(title.replace(/[._]/g, ' '));
  const names = [author.name, ...(author.aliases ?? [])].map((name) => cleanName(name)).filter(Boolean);
  if (!names.some((name) => clean.includes(name))) return null;
  const book = books
    .filter((candidate) => {
      const bookClean = cleanName(candidate.title.replace(/\s*[:(].*$/, ''));
      return bookClean.length >= 3 && clean.includes(bookClean);
    })
    .sort((a, b) => b.title.length - a.title.length)[0];
  if (!book) return null;
  const { qualityId, revision } = parseQuality(title);
  return {
    bookTitle: book.title,
    authorName: author.name,
    authorTitleInfo: { title: author.name, titleWithoutYear: author.name, year: 0 },
    qualityId,
    revision,
    discography: false,
    discographyStart: 0,
    discographyEnd: 0,
    releaseTitle: title,
  };
}
