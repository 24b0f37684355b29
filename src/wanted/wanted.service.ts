import { Injectable } from '@nestjs/common';
import { AuthorBookCountRepository } from '../author/author-book-count.repository';
import { BookRepository } from '../book/book.repository';
import type { BookResource } from '../book/book.resource';
import { BookService } from '../book/book.service';
import { BookFileService } from '../book-file/book-file.service';
import type { CutoffSets } from '../book-file/quality-cutoff';
import { pagingResource, type PagingResource, resolvePaging } from '../common/paging/paging';
import type { WantedQuery } from './wanted.resource';

/** Readarr's sort keys for missing/cutoff (reference §4) plus the plain column names. */
export const WANTED_SORT_KEYS: Record<string, string> = {
  'Books.Id': 'b.id',
  id: 'b.id',
  releaseDate: 'b.release_date',
  'books.releaseDate': 'b.release_date',
  'authorMetadata.sortName': 'm.sort_name',
  sortName: 'm.sort_name',
  'authorMetadata.sortNameLastFirst': 'm.sort_name_last_first',
  sortNameLastFirst: 'm.sort_name_last_first',
  'authorMetadata.name': 'm.name',
  'books.title': 'b.title',
  title: 'b.title',
  'books.lastSearchTime': 'b.last_search_time',
  lastSearchTime: 'b.last_search_time',
  'books.added': 'b.added',
  added: 'b.added',
};

function ints(values: number[]): string {
  return `ARRAY[${values.map((value) => String(Math.trunc(Number(value)))).join(',')}]::int[]`;
}

/** The SQL condition "has a file below its author's profile cutoff and no same-kind file at or above it". */
export function cutoffUnmetCondition(sets: CutoffSets[]): string {
  const parts = sets
    .filter((set) => set.below.length > 0)
    .map(
      (set) => `(a.quality_profile_id = ${Math.trunc(set.profileId)} AND EXISTS (
        SELECT 1 FROM book_file f JOIN edition fe ON fe.id = f.edition_id
        WHERE fe.book_id = b.id AND f.quality_id = ANY(${ints(set.below)})
          AND NOT EXISTS (SELECT 1 FROM book_file g JOIN edition ge ON ge.id = g.edition_id
                          WHERE ge.book_id = b.id AND g.quality_id = ANY(${ints(set.atOrAbove.length ? set.atOrAbove : [-1])}))))`,
    );
  return parts.length > 0 ? `(${parts.join(' OR ')})` : 'false';
}

/** The book has no file (`book.file_count` is kept by triggers on book_file and edition). */
const NO_FILE = 'b.file_count = 0';

/** wanted/missing and wanted/cutoff: paged book lists. */
@Injectable()
export class WantedService {
  constructor(
    private readonly repository: BookRepository,
    private readonly books: BookService,
    private readonly files: BookFileService,
    private readonly bookCounts: AuthorBookCountRepository,
  ) {}

  missing(query: WantedQuery): Promise<PagingResource<BookResource>> {
    // The default view's total comes from trigger-kept counts; the unmonitored view is rare and counted.
    const count = query.monitored === false ? undefined : () => this.bookCounts.countMonitoredMissing();
    return this.page(query, `b.release_date <= now() AND ${NO_FILE}`, count);
  }

  async cutoff(query: WantedQuery): Promise<PagingResource<BookResource>> {
    const sets = [...(await this.files.cutoffs(true)).values()];
    return this.page(query, cutoffUnmetCondition(sets));
  }

  private async page(
    query: WantedQuery,
    condition: string,
    count?: () => Promise<number>,
  ): Promise<PagingResource<BookResource>> {
    const spec = resolvePaging(query, WANTED_SORT_KEYS, 'Books.Id');
    const monitored = query.monitored === false ? 'NOT (b.monitored AND a.monitored)' : 'b.monitored AND a.monitored';
    const where = `${monitored} AND ${condition}`;
    const direction = spec.sortDirection === 'ascending' ? 'ASC' : 'DESC';
    const orderBy = `${spec.sortColumn} ${direction}, b.id ${direction}`;
    // The page's ids by an index walk on the sort column (no file or series aggregate), projected in the
    // same statement; the total comes in parallel.
    const pageIds = this.repository.pageIdsSql({ where, orderBy, limit: spec.pageSize, offset: spec.offset });
    const [total, books] = await Promise.all([
      count ? count() : this.repository.countWhere(where),
      this.books.resources(
        // The first page (what a wanted view opens on) is prepared: planning it cost about half its PostgreSQL time.
        { scope: `b.id = ANY(ARRAY(${pageIds}))`, orderBy, prepared: spec.offset === 0 },
        !!query.includeAuthor,
      ),
    ]);
    return pagingResource(spec, total, books);
  }
}
