import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../platform/common/errors/domain-errors';
import { METADATA_SOURCE, type MetadataSource } from '../../../metadata/source/metadata-source';
import { MediaManagementConfigService } from '../../../platform/settings/media-management/media-management-config.service';
import { AuthorMatch, BookEvidence, BookMatch, IdentityResolver, LookupStats } from '../identity/identity-resolver';
import { emptyCounts, RematchReport } from './rematch-report';
import { LibraryBookRow, RematchRepository } from './rematch.repository';

type Progress = (message: string) => Promise<void>;

/**
 * After a change of metadata source, gives the library's authors and books the new source's ids with the
 * migration's matching engine (Goodreads edition ids when leaving a BookInfo server, then ISBNs and ASINs, then
 * title + author; authors by their books, then by name). Nothing is deleted: a row without a match, or whose match
 * another row already holds, keeps its old id and is listed in the report.
 */
@Injectable()
export class LibraryRematchService {
  constructor(
    @Inject(METADATA_SOURCE) private readonly source: MetadataSource,
    private readonly library: RematchRepository,
    private readonly mediaManagement: MediaManagementConfigService,
  ) {}

  async rematch(from: string, to: string, progress: Progress): Promise<RematchReport> {
    // A resolver of its own: the migration's resolver caches matches of whichever source was active then.
    const identity = new IdentityResolver(this.source);
    await identity.assertReachable();
    const report: RematchReport = {
      from,
      to,
      counts: { authors: emptyCounts(), books: emptyCounts() },
      matched: [],
      unmatched: [],
      lookups: { requests: 0, identifiers: 0, cached: 0 },
      startedAt: new Date().toISOString(),
    };
    const [authors, books] = await Promise.all([this.library.authors(), this.library.books()]);
    const threshold = (await this.mediaManagement.load()).importMatchThreshold;
    const stats: LookupStats = report.lookups;
    const names = new Map(authors.map((author) => [author.id, author.name]));

    await progress(`Matching ${books.length} books with ${this.source.name}`);
    const bookMatches = await identity.resolveBooks(
      books.map((book) => evidence(book, names.get(book.authorId) ?? '', from === 'bookInfo')),
      { useGoodreads: from === 'bookInfo', threshold, stats },
      (done) => progress(`Matched ${done} of ${books.length} books`),
    );
    await progress(`Matching ${authors.length} authors`);
    const authorMatches = new Map<number, AuthorMatch>();
    for (const author of authors) {
      const bookIds = books.filter((book) => book.authorId === author.id).map((book) => book.id);
      const match = await identity.resolveAuthor({ key: author.id, name: author.name, bookIds }, bookMatches, {
        threshold,
        stats,
      });
      if (match) authorMatches.set(author.id, match);
    }

    const changedAuthors = authors.filter((author) => {
      const match = authorMatches.get(author.id);
      return match && match.foreignAuthorId !== author.foreignAuthorId;
    });
    const changedBooks = books.filter((book) => {
      const match = bookMatches.get(book.id);
      return match && match.foreignBookId !== book.foreignBookId;
    });
    const { takenAuthorIds, takenBookIds } = await this.library.rewrite(
      changedAuthors.map((author) => ({
        authorMetadataId: author.authorMetadataId,
        foreignAuthorId: authorMatches.get(author.id)!.foreignAuthorId,
      })),
      changedBooks.map((book) => ({ id: book.id, foreignBookId: bookMatches.get(book.id)!.foreignBookId })),
    );
    for (const author of authors)
      record(
        report,
        'author',
        author.id,
        author.name,
        author.foreignAuthorId,
        authorMatches.get(author.id),
        takenAuthorIds,
      );
    for (const book of books)
      record(report, 'book', book.id, book.title, book.foreignBookId, bookMatches.get(book.id), takenBookIds);
    report.finishedAt = new Date().toISOString();
    return report;
  }

  async report(commandId: number): Promise<RematchReport> {
    const report = await this.library.findReport(commandId);
    if (!report)
      throw new NotFoundError(`No re-match report for command ${commandId} (not a re-match, or not finished)`);
    return report;
  }
}

function evidence(book: LibraryBookRow, authorName: string, editionIdsAreGoodreads: boolean): BookEvidence {
  return {
    readarrBookId: book.id,
    title: book.title,
    authorName,
    goodreadsIds: editionIdsAreGoodreads ? book.editionIds.filter((id) => /^\d+$/.test(id)) : [],
    isbns: book.isbns,
    asins: book.asins,
  };
}

function record(
  report: RematchReport,
  kind: 'author' | 'book',
  id: number,
  title: string,
  previous: string,
  match: (Pick<BookMatch, 'via'> & ({ foreignBookId: string } | { foreignAuthorId: string })) | undefined,
  taken: Set<string>,
): void {
  const counts = kind === 'author' ? report.counts.authors : report.counts.books;
  counts.total++;
  const foreignId = match ? ('foreignBookId' in match ? match.foreignBookId : match.foreignAuthorId) : undefined;
  if (!foreignId) {
    counts.unmatched++;
    report.unmatched.push({ kind, id, title, foreignId: previous, reason: `not found in ${report.to}` });
  } else if (foreignId === previous) counts.unchanged++;
  else if (taken.has(foreignId)) {
    counts.unmatched++;
    report.unmatched.push({
      kind,
      id,
      title,
      foreignId: previous,
      reason: `${foreignId} already belongs to another ${kind}`,
    });
  } else {
    counts.matched++;
    report.matched.push({ kind, id, title, previousForeignId: previous, foreignId, via: match!.via });
  }
}
