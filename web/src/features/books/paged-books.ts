import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { type Book, api } from '../../api/client';
import { keys } from '../../api/keys';

export const PAGE_SIZE = 100;

export interface BookListFilter {
  sortKey: string;
  sortDirection: 'ascending' | 'descending';
  monitored?: boolean;
  missing?: boolean;
  term?: string;
}

interface BookPage {
  totalRecords: number;
  records: Book[];
}

/** The pages a visible row range needs (one before and after, so a scroll rarely waits). */
export function pagesFor(first: number, last: number, pageSize = PAGE_SIZE): number[] {
  const from = Math.max(1, Math.floor(first / pageSize) + 1 - (first % pageSize < pageSize / 4 ? 1 : 0));
  const to = Math.floor(last / pageSize) + 1 + (last % pageSize > (pageSize * 3) / 4 ? 1 : 0);
  const pages: number[] = [];
  for (let page = from; page <= to; page++) pages.push(page);
  return pages;
}

const fetchPage = (filter: BookListFilter, page: number) =>
  api<BookPage>('book/paged', { query: { ...filter, page, pageSize: PAGE_SIZE } });

/** Books of the whole library through `GET /book/paged`: only the pages in view are fetched. */
export function usePagedBooks(filter: BookListFilter) {
  const first = useQuery({
    queryKey: keys.bookPage({ ...filter, page: 1 }),
    queryFn: () => fetchPage(filter, 1),
    placeholderData: (previous) => previous,
  });
  const [pages, setPages] = useState<number[]>([1]);
  const lastPage = Math.max(1, Math.ceil((first.data?.totalRecords ?? 0) / PAGE_SIZE));
  const wanted = pages.filter((page) => page > 1 && page <= lastPage);
  const results = useQueries({
    queries: wanted.map((page) => ({
      queryKey: keys.bookPage({ ...filter, page }),
      queryFn: () => fetchPage(filter, page),
      staleTime: 30_000,
    })),
  });
  const byPage = new Map<number, Book[]>();
  if (first.data) byPage.set(1, first.data.records);
  wanted.forEach((page, index) => {
    const data = results[index]?.data;
    if (data) byPage.set(page, data.records);
  });
  const onRange = useCallback((from: number, to: number) => {
    const next = pagesFor(from, to);
    setPages((current) => (current.join() === next.join() ? current : next));
  }, []);
  const row = (index: number): Book | undefined => byPage.get(Math.floor(index / PAGE_SIZE) + 1)?.[index % PAGE_SIZE];
  return { first, total: first.data?.totalRecords ?? 0, row, onRange };
}
