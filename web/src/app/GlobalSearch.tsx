import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type Author, type Book, api } from '../api/client';
import { keys } from '../api/keys';
import { firstMatchRoute, MIN_TERM, searchOptions } from './global-search';

/** The input's id: the `s` and `/` shortcuts focus it. */
export const GLOBAL_SEARCH_ID = 'global-search';

const BOOKS_SHOWN = 5;

/**
 * The header's search box: jumps to an author (the author list the index keeps cached, asked for only once someone
 * types) or a book (`GET /book/paged?term=`, one small page), or opens the metadata search on the add page. Enter
 * without an arrowed choice opens the first match (or the metadata search).
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
  const open = (route: string) => {
    setTerm('');
    void navigate(route);
  };
  return (
    <Autocomplete
      id={GLOBAL_SEARCH_ID}
      aria-label="Search the library"
      placeholder="Search"
      size="xs"
      w={{ base: 130, sm: 260 }}
      value={term}
      onChange={setTerm}
      data={searchOptions(term, authors.data, books.data?.records)}
      filter={({ options }) => options}
      onOptionSubmit={open}
      onKeyDown={(event) => {
        // An arrowed choice is the input's active descendant: the combobox opens that one itself.
        if (event.key !== 'Enter' || event.currentTarget.getAttribute('aria-activedescendant') || !term.trim()) return;
        event.preventDefault();
        const fresh = debounced === term.trim();
        open(firstMatchRoute(term, authors.data, fresh ? books.data?.records : undefined));
      }}
      data-testid="global-search"
    />
  );
}
