import { Injectable } from '@nestjs/common';
import { pagingResource, type PagingResource, resolvePaging } from '../../platform/common/paging/paging';
import { EnvService } from '../../platform/env/env.service';
import { bookRowJson } from './book-json';
import { BOOK_PAGE_SORT_COLUMNS, BookRepository } from './book.repository';
import type { BookPagedQuery } from './book-page.resource';
import type { BookResource } from './book.resource';

/**
 * Quire's paged book listing: what a client showing a large library needs instead of Readarr's whole `GET /book`
 * (56 MB on the 100,000-book bench library). Records have exactly the shape of `GET /book`'s.
 */
@Injectable()
export class BookPageService {
  constructor(
    private readonly repository: BookRepository,
    private readonly env: EnvService,
  ) {}

  async page(query: BookPagedQuery): Promise<PagingResource<BookResource>> {
    const spec = resolvePaging(
      { ...query, sortDirection: query.sortDirection ?? 'ascending' },
      BOOK_PAGE_SORT_COLUMNS,
      'title',
    );
    const { rows, total } = await this.repository.findPage({
      filter: { authorId: query.authorId, monitored: query.monitored, missing: query.missing, term: query.term },
      sortColumn: spec.sortColumn,
      descending: spec.sortDirection === 'descending',
      limit: spec.pageSize,
      offset: spec.offset,
    });
    const urlBase = this.env.get('URL_BASE');
    const now = Date.now();
    const records = rows.map((row) => JSON.parse(bookRowJson(row, urlBase, now)) as BookResource);
    return pagingResource(spec, total, records);
  }
}
