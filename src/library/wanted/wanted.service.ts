import { Injectable } from '@nestjs/common';
import { AuthorBookCountRepository } from '../author/author-book-count.repository';
import { BookRepository, WANTED_SORT_COLUMNS, type WantedPage } from '../book/book.repository';
import type { BookResource } from '../book/book.resource';
import { BookQueryService } from '../book/book-query.service';
import { BookFileService } from '../book-file/book-file.service';
import {
  pagingResource,
  type PagingResource,
  type PagingSpec,
  resolvePaging,
} from '../../platform/common/paging/paging';
import type { WantedQuery } from './wanted.resource';

/** wanted/missing and wanted/cutoff: paged book lists. */
@Injectable()
export class WantedService {
  constructor(
    private readonly repository: BookRepository,
    private readonly books: BookQueryService,
    private readonly files: BookFileService,
    private readonly bookCounts: AuthorBookCountRepository,
  ) {}

  async missing(query: WantedQuery): Promise<PagingResource<BookResource>> {
    const [spec, page] = wantedPage(query);
    // The default view's total comes from trigger-kept counts; the unmonitored view is rare and counted.
    const [total, rows] = await Promise.all([
      page.monitored ? this.bookCounts.countMonitoredMissing() : this.repository.countMissing(page),
      this.repository.findMissing(page),
    ]);
    return pagingResource(spec, total, await this.books.resources(rows, !!query.includeAuthor));
  }

  async cutoff(query: WantedQuery): Promise<PagingResource<BookResource>> {
    const [spec, page] = wantedPage(query);
    const cutoffs = [...(await this.files.cutoffs(true)).values()];
    const [total, rows] = await Promise.all([
      this.repository.countCutoffUnmet(page, cutoffs),
      this.repository.findCutoffUnmet(page, cutoffs),
    ]);
    return pagingResource(spec, total, await this.books.resources(rows, !!query.includeAuthor));
  }
}

function wantedPage(query: WantedQuery): [PagingSpec, WantedPage] {
  const spec = resolvePaging(query, WANTED_SORT_COLUMNS, 'Books.Id');
  return [
    spec,
    {
      sortColumn: spec.sortColumn,
      ascending: spec.sortDirection === 'ascending',
      limit: spec.pageSize,
      offset: spec.offset,
      monitored: query.monitored !== false,
    },
  ];
}
