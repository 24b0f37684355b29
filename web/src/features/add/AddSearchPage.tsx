import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type Author, type Book, type Schemas, api } from '../../api/client';
import { watchCommands } from '../../api/commands';
import { options, useMetadataProfiles, useQualityProfiles, useRootFolders, useTags } from '../../api/shared-queries';
import { Cover } from '../../components/Cover';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import {
  type AddForm,
  MONITOR_OPTIONS,
  NEW_ITEM_OPTIONS,
  addAuthorPayload,
  addBookPayload,
  formErrors,
  searchTerm,
} from './add-form';

type SearchResult = Schemas['SearchResource'];
type Target = { kind: 'author'; author: Author } | { kind: 'book'; book: Book };

function AddModal({ target, onClose }: { target: Target; onClose: () => void }) {
  const client = useQueryClient();
  const roots = useRootFolders();
  const quality = useQualityProfiles();
  const metadata = useMetadataProfiles();
  const tags = useTags();
  const [form, setForm] = useState<AddForm>({
    rootFolderPath: '',
    qualityProfileId: '',
    metadataProfileId: '',
    monitor: 'all',
    monitorNewItems: 'all',
    tags: [],
    searchOnAdd: false,
  });
  const set = <K extends keyof AddForm>(key: K, value: AddForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  useEffect(() => {
    const root = roots.data?.[0];
    setForm((current) => ({
      ...current,
      rootFolderPath: current.rootFolderPath || root?.path || '',
      qualityProfileId:
        current.qualityProfileId || String(root?.defaultQualityProfileId ?? quality.data?.[0]?.id ?? ''),
      metadataProfileId:
        current.metadataProfileId || String(root?.defaultMetadataProfileId ?? metadata.data?.[0]?.id ?? ''),
    }));
  }, [roots.data, quality.data, metadata.data]);
  const add = useMutation({
    mutationFn: (): Promise<unknown> =>
      target.kind === 'author'
        ? api<Author>('author', { method: 'POST', body: addAuthorPayload(target.author, form) })
        : api<Book>('book', { method: 'POST', body: addBookPayload(target.book, form) }),
    onSuccess: () => {
      watchCommands();
      void client.invalidateQueries({ queryKey: ['author'] });
      void client.invalidateQueries({ queryKey: ['book'] });
      void client.invalidateQueries({ queryKey: ['search'] });
      onClose();
    },
  });
  const errors = formErrors(form);
  const bookAuthorKnown = target.kind === 'book' && Boolean(target.book.author?.id);
  const title =
    target.kind === 'author'
      ? target.author.authorName
      : `${target.book.title} (${target.book.author?.authorName ?? ''})`;
  return (
    <Modal opened onClose={onClose} title={`Add ${title}`} size="lg">
      <Stack>
        {target.kind === 'book' && (
          <Text size="sm" c="dimmed">
            Adds this book alone, monitored.{' '}
            {bookAuthorKnown
              ? 'Its author is already in the library.'
              : 'Its author is added too, with no other book monitored.'}
          </Text>
        )}
        {!bookAuthorKnown && (
          <>
            {roots.data?.length === 0 && (
              <Alert color="yellow">Add a root folder first (Settings → Media Management).</Alert>
            )}
            <Select
              label="Root folder"
              data={(roots.data ?? []).map((root) => ({ value: root.path ?? '', label: root.path ?? '' }))}
              value={form.rootFolderPath}
              onChange={(v) => set('rootFolderPath', v ?? '')}
            />
            <Group grow>
              <Select
                label="Quality profile"
                data={options(quality.data, (p) => p.name ?? '')}
                value={form.qualityProfileId}
                onChange={(v) => set('qualityProfileId', v ?? '')}
              />
              <Select
                label="Metadata profile"
                data={options(metadata.data, (p) => p.name ?? '')}
                value={form.metadataProfileId}
                onChange={(v) => set('metadataProfileId', v ?? '')}
              />
            </Group>
            {target.kind === 'author' && (
              <Group grow>
                <Select
                  label="Monitor"
                  data={MONITOR_OPTIONS}
                  value={form.monitor}
                  onChange={(v) => set('monitor', v ?? 'all')}
                  allowDeselect={false}
                />
                <Select
                  label="Monitor new books"
                  data={NEW_ITEM_OPTIONS}
                  value={form.monitorNewItems}
                  onChange={(v) => set('monitorNewItems', v ?? 'all')}
                  allowDeselect={false}
                />
              </Group>
            )}
            <MultiSelect
              label="Tags"
              data={options(tags.data, (t) => t.label ?? '')}
              value={form.tags}
              onChange={(v) => set('tags', v)}
            />
          </>
        )}
        <Checkbox
          label={target.kind === 'author' ? 'Start search for missing books' : 'Start search for this book'}
          checked={form.searchOnAdd}
          onChange={(e) => set('searchOnAdd', e.currentTarget.checked)}
        />
        {add.error && (
          <Alert color="red" role="alert">
            {add.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!bookAuthorKnown && errors.length > 0}
            title={errors.join(', ')}
            loading={add.isPending}
            onClick={() => add.mutate()}
          >
            {target.kind === 'author' ? 'Add author' : 'Add book'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ResultCard({ result, onAdd }: { result: SearchResult; onAdd: (target: Target) => void }) {
  if (result.author) {
    const author = result.author;
    return (
      <Card withBorder padding="sm" data-testid="search-result-author">
        <Group wrap="nowrap" align="flex-start">
          <Cover images={author.images} width={70} height={105} alt={author.authorName ?? ''} />
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs">
              <Badge size="xs">Author</Badge>
              <Text fw={600}>{author.authorName}</Text>
            </Group>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {author.overview}
            </Text>
          </Stack>
          {author.id ? (
            <Button size="xs" variant="light" component={Link} to={`/author/${author.titleSlug}`}>
              In library
            </Button>
          ) : (
            <Button size="xs" onClick={() => onAdd({ kind: 'author', author })}>
              Add author
            </Button>
          )}
        </Group>
      </Card>
    );
  }
  const book = result.book!;
  return (
    <Card withBorder padding="sm" data-testid="search-result-book">
      <Group wrap="nowrap" align="flex-start">
        <Cover images={book.images} type="cover" width={70} height={105} alt={book.title ?? ''} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Badge size="xs" color="grape">
              Book
            </Badge>
            <Text fw={600}>{book.title}</Text>
          </Group>
          <Text size="sm">
            {book.author?.authorName} {book.releaseDate ? `· ${book.releaseDate.slice(0, 4)}` : ''}
          </Text>
        </Stack>
        {book.id ? (
          <Button size="xs" variant="light" component={Link} to={`/book/${book.titleSlug}`}>
            In library
          </Button>
        ) : (
          <Button size="xs" onClick={() => onAdd({ kind: 'book', book })}>
            Add book
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** `/add/search`: the metadata source for authors and books (`isbn:`, `work:` too); add an author or one book. */
export default function AddSearchPage() {
  // A link may prefill the search (`/add/search?term=…`, e.g. from the migration's unmatched list).
  const [params] = useSearchParams();
  const [input, setInput] = useState(() => params.get('term') ?? '');
  const [debounced] = useDebouncedValue(searchTerm(input), 400);
  const [target, setTarget] = useState<Target>();
  const search = useQuery({
    queryKey: ['search', debounced],
    queryFn: ({ signal }) => api<SearchResult[]>('search', { query: { term: debounced }, signal }),
    enabled: debounced.length > 1,
    staleTime: 60_000,
  });
  return (
    <Stack>
      <Title order={3}>Add new</Title>
      <TextInput
        size="md"
        placeholder="Author or book — or isbn:9780441013593, work:OL45804W"
        aria-label="Search the metadata source"
        value={input}
        onChange={(e) => setInput(e.currentTarget.value)}
        autoFocus
      />
      {debounced.length <= 1 ? (
        <EmptyState title="Search for an author or a book">
          <Text size="sm" c="dimmed">
            Add a whole author, or <Anchor component="span">just one book</Anchor> without monitoring the rest.
          </Text>
        </EmptyState>
      ) : search.isPending ? (
        <LoadingState label="Searching" />
      ) : search.error ? (
        <ErrorState error={search.error} onRetry={() => void search.refetch()} />
      ) : search.data.length === 0 ? (
        <EmptyState title={`Nothing found for “${debounced}”`} />
      ) : (
        <Stack gap="xs">
          {search.data.map((result, index) => (
            <ResultCard key={`${result.foreignId ?? index}-${index}`} result={result} onAdd={setTarget} />
          ))}
        </Stack>
      )}
      {target && <AddModal target={target} onClose={() => setTarget(undefined)} />}
    </Stack>
  );
}
