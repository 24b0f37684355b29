import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type Author, type Book, api } from '../api/client';
import { keys } from '../api/keys';
import { MIN_TERM, searchOptions } from './global-search';

const BOOKS_SHOWN = 5;

/**
 * The header's search box: jumps to an author (the author list the index keeps cached, asked for only once someone
 * types) or a book (`GET /book/paged?term=`, one small page), or opens the metadata search on the add page.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 250);
  const active = debounced.length >= MIN_TERM;
  const authors = useQuery({
    queryKey: keys.authors,
    queryFn: () => api<Author[]>('author'),
    enabled: active,
    staleTime: 60_000,
  });
  const books = useQuery({
    queryKey: keys.bookPage({ term: debounced, pageSize: BOOKS_SHOWN, search: true }),
    queryFn: ({ signal }) =>
      api<{ records: Book[] }>('book/paged', {
        query: { term: debounced, page: 1, pageSize: BOOKS_SHOWN, sortKey: 'title', sortDirection: 'ascending' },
        signal,
      }),
    enabled: active,
    placeholderData: keepPreviousData,
  });
  return (
    <Autocomplete
      aria-label="Search the library"
      placeholder="Search"
      size="xs"
      w={{ base: 160, sm: 260 }}
      value={term}
      onChange={setTerm}
      data={searchOptions(term, authors.data, books.data?.records)}
      filter={({ options }) => options}
      onOptionSubmit={(route) => {
        setTerm('');
        void navigate(route);
      }}
      data-testid="global-search"
    />
  );
}
