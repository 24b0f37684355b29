import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Book, api } from '../api/client';
import { keys } from '../api/keys';

/** A book of one author (`GET /book?authorId=`), for assigning files by hand. */
export function BookPicker({
  authorId,
  value,
  onChange,
}: {
  authorId?: string;
  value?: string;
  onChange: (bookId: string | undefined) => void;
}) {
  const books = useQuery({
    queryKey: keys.books({ authorId: Number(authorId) }),
    queryFn: () => api<Book[]>('book', { query: { authorId } }),
    enabled: Boolean(authorId),
  });
  return (
    <Select
      size="xs"
      placeholder="Book"
      searchable
      disabled={!authorId}
      aria-label="Book"
      data={(books.data ?? []).map((book) => ({ value: String(book.id), label: book.title ?? '' }))}
      value={value ?? null}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}
