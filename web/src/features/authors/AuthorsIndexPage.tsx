import { useStatusColor } from '../../components/ui-settings';
import { DateText } from '../../components/DateText';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Menu,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type Author, api } from '../../api/client';
import { keys } from '../../api/keys';
import { useCustomFilters, useQualityProfiles } from '../../api/shared-queries';
import { Cover } from '../../components/Cover';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { VirtualRows, VirtualRowsHeader, WideList } from '../../components/VirtualRows';
import { AuthorMassEditor } from './AuthorMassEditor';
import {
  AUTHOR_SORT_KEYS,
  type AuthorSortKey,
  customAuthorFilters,
  filterAuthors,
  formatBytes,
  PREDEFINED_FILTERS,
  type SortDirection,
  sortAuthors,
} from './author-list';

type View = 'posters' | 'overview' | 'table';

/** The table view's columns, shared by its header and rows. */
const TABLE_COLUMNS = {
  monitored: { w: 110, style: { flexShrink: 0 } },
  name: { style: { flex: 2, minWidth: 0 } },
  profile: { style: { flex: 1, minWidth: 0 } },
  next: { w: 110, style: { flexShrink: 0 } },
  size: { w: 90, style: { flexShrink: 0 } },
  progress: { w: 140, style: { flexShrink: 0 } },
};

function BookProgress({ author }: { author: Author }) {
  const status = useStatusColor();
  const have = author.statistics?.bookFileCount ?? 0;
  const total = author.statistics?.bookCount ?? 0;
  return (
    <Stack gap={2} w="100%">
      <Progress
        value={total ? (have / total) * 100 : 0}
        color={status(have >= total ? 'teal' : author.monitored ? 'red' : 'yellow')}
        size="sm"
        aria-label={`${author.authorName ?? 'Author'}: ${have} of ${total} books on disk`}
      />
      <Text size="xs" c="dimmed">
        {have} / {total} books
      </Text>
    </Stack>
  );
}

function SelectBox({
  author,
  selected,
  toggle,
}: {
  author: Author;
  selected: Set<number>;
  toggle: (id: number) => void;
}) {
  return (
    <Checkbox
      aria-label={`Select ${author.authorName}`}
      checked={selected.has(author.id!)}
      onChange={() => toggle(author.id!)}
    />
  );
}

export function AuthorsIndexPage() {
  const authors = useQuery({ queryKey: keys.authors, queryFn: () => api<Author[]>('author') });
  const custom = useCustomFilters();
  const profiles = useQualityProfiles();
  const [view, setView] = useLocalStorage<View>({ key: 'quire.authors.view', defaultValue: 'posters' });
  const [sortKey, setSortKey] = useLocalStorage<AuthorSortKey>({ key: 'quire.authors.sort', defaultValue: 'sortName' });
  const [direction, setDirection] = useLocalStorage<SortDirection>({
    key: 'quire.authors.direction',
    defaultValue: 'ascending',
  });
  const [filterKey, setFilterKey] = useLocalStorage({ key: 'quire.authors.filter', defaultValue: 'all' });
  const [term, setTerm] = useState('');
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const filters = useMemo(() => [...PREDEFINED_FILTERS, ...customAuthorFilters(custom.data)], [custom.data]);
  const activeFilter = filters.find((filter) => filter.key === filterKey) ?? filters[0];
  const visible = useMemo(
    () => sortAuthors(filterAuthors(authors.data ?? [], activeFilter.filters, term), sortKey, direction),
    [authors.data, activeFilter, term, sortKey, direction],
  );
  const profileName = (id?: number) => profiles.data?.find((profile) => profile.id === id)?.name ?? '';
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const toolbar = (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs">
        <Title order={3}>Authors</Title>
        {authors.data && (
          <Badge variant="light" data-testid="author-count">
            {visible.length} / {authors.data.length}
          </Badge>
        )}
      </Group>
      <Group gap="xs">
        <TextInput
          placeholder="Search authors"
          aria-label="Search authors"
          size="xs"
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
        />
        <Select
          size="xs"
          aria-label="Filter"
          w={170}
          data={filters.map((filter) => ({ value: filter.key, label: filter.label }))}
          value={activeFilter.key}
          onChange={(value) => setFilterKey(value ?? 'all')}
          allowDeselect={false}
        />
        <Select
          size="xs"
          aria-label="Sort by"
          w={140}
          data={AUTHOR_SORT_KEYS}
          value={sortKey}
          onChange={(value) => setSortKey((value as AuthorSortKey) ?? 'sortName')}
          allowDeselect={false}
        />
        <Button
          size="xs"
          variant="default"
          aria-label="Sort direction"
          onClick={() => setDirection(direction === 'ascending' ? 'descending' : 'ascending')}
        >
          {direction === 'ascending' ? '↑' : '↓'}
        </Button>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value)}
          data={[
            { value: 'posters', label: 'Posters' },
            { value: 'overview', label: 'Overview' },
            { value: 'table', label: 'Table' },
          ]}
        />
        <Button
          size="xs"
          variant={selecting ? 'filled' : 'default'}
          onClick={() => {
            setSelecting(!selecting);
            setSelected(new Set());
          }}
        >
          {selecting ? 'Done selecting' : 'Select'}
        </Button>
        {selecting && (
          <Menu>
            <Menu.Target>
              <Button size="xs" variant="default">
                Select…
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setSelected(new Set(visible.map((author) => author.id!)))}>All shown</Menu.Item>
              <Menu.Item onClick={() => setSelected(new Set())}>None</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Group>
  );

  let body;
  if (authors.isPending) body = <LoadingState label="Loading authors" />;
  else if (authors.error) body = <ErrorState error={authors.error} onRetry={() => void authors.refetch()} />;
  else if (authors.data.length === 0)
    body = (
      <EmptyState title="No authors yet">
        <Button component={Link} to="/add/search">
          Add your first author
        </Button>
        <Anchor component={Link} to="/settings/import" size="sm">
          Coming from Readarr? Bring your library
        </Anchor>
      </EmptyState>
    );
  else if (visible.length === 0) body = <EmptyState title="No author matches the filter" />;
  else if (view === 'table')
    body = (
      <WideList minWidth={700}>
        <VirtualRowsHeader testId="authors-header">
          {selecting && <Box w={20} aria-hidden style={{ flexShrink: 0 }} />}
          <Text inherit {...TABLE_COLUMNS.monitored}>
            Status
          </Text>
          <Text inherit {...TABLE_COLUMNS.name}>
            Author
          </Text>
          <Text inherit {...TABLE_COLUMNS.profile}>
            Quality profile
          </Text>
          <Text inherit {...TABLE_COLUMNS.next}>
            Next book
          </Text>
          <Text inherit {...TABLE_COLUMNS.size}>
            Size on disk
          </Text>
          <Text inherit {...TABLE_COLUMNS.progress}>
            Books
          </Text>
        </VirtualRowsHeader>
        <VirtualRows
          testId="authors-table"
          count={visible.length}
          rowHeight={44}
          renderRow={(index) => {
            const author = visible[index];
            return (
              <Group
                h={44}
                px="xs"
                gap="sm"
                wrap="nowrap"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                data-testid="author-row"
              >
                {selecting && <SelectBox author={author} selected={selected} toggle={toggle} />}
                <Box {...TABLE_COLUMNS.monitored}>
                  <Badge size="xs" variant="dot" color={author.monitored ? 'teal' : 'gray'} w={110}>
                    {author.monitored ? 'monitored' : 'unmonitored'}
                  </Badge>
                </Box>
                <Anchor component={Link} to={`/author/${author.titleSlug}`} {...TABLE_COLUMNS.name} truncate>
                  {author.authorName}
                </Anchor>
                <Text size="sm" {...TABLE_COLUMNS.profile} truncate>
                  {profileName(author.qualityProfileId)}
                </Text>
                <Text size="sm" {...TABLE_COLUMNS.next} c="dimmed">
                  <DateText value={author.nextBook?.releaseDate} kind="day" />
                </Text>
                <Text size="sm" {...TABLE_COLUMNS.size}>
                  {formatBytes(author.statistics?.sizeOnDisk)}
                </Text>
                <Box {...TABLE_COLUMNS.progress}>
                  <BookProgress author={author} />
                </Box>
              </Group>
            );
          }}
        />
      </WideList>
    );
  else if (view === 'overview')
    body = (
      <VirtualRows
        testId="authors-overview"
        count={visible.length}
        rowHeight={150}
        renderRow={(index) => {
          const author = visible[index];
          return (
            <Group h={150} gap="md" wrap="nowrap" align="flex-start" py="xs" data-testid="author-row">
              {selecting && <SelectBox author={author} selected={selected} toggle={toggle} />}
              <Cover images={author.images} width={90} height={135} alt={author.authorName ?? ''} />
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Anchor component={Link} to={`/author/${author.titleSlug}`} fw={600}>
                  {author.authorName}
                </Anchor>
                <Text size="sm" lineClamp={3} c="dimmed">
                  {author.overview}
                </Text>
                <div style={{ maxWidth: 240 }}>
                  <BookProgress author={author} />
                </div>
              </Stack>
            </Group>
          );
        }}
      />
    );
  else body = <PosterGrid authors={visible} selecting={selecting} selected={selected} toggle={toggle} />;

  return (
    <Stack gap="sm" pb={selecting ? 140 : 0}>
      {toolbar}
      {body}
      {selecting && <AuthorMassEditor authorIds={[...selected]} onDone={() => setSelected(new Set())} />}
    </Stack>
  );
}

const POSTER_WIDTH = 160;

function PosterGrid({
  authors,
  selecting,
  selected,
  toggle,
}: {
  authors: Author[];
  selecting: boolean;
  selected: Set<number>;
  toggle: (id: number) => void;
}) {
  const [width, setWidth] = useState(() => window.innerWidth - 240);
  const perRow = Math.max(1, Math.floor(width / (POSTER_WIDTH + 16)));
  const rows = Math.ceil(authors.length / perRow);
  return (
    <div
      ref={(element) => {
        if (element && Math.abs(element.clientWidth - width) > 8) setWidth(element.clientWidth);
      }}
    >
      <VirtualRows
        testId="authors-posters"
        count={rows}
        rowHeight={300}
        renderRow={(row) => (
          <Group gap={16} wrap="nowrap" align="flex-start">
            {authors.slice(row * perRow, row * perRow + perRow).map((author) => (
              <Stack key={author.id} w={POSTER_WIDTH} gap={4} data-testid="author-poster">
                <Link to={`/author/${author.titleSlug}`} aria-label={author.authorName ?? ''}>
                  <Cover images={author.images} width={POSTER_WIDTH} height={230} alt={author.authorName ?? ''} />
                </Link>
                <Group gap={4} wrap="nowrap">
                  {selecting && <SelectBox author={author} selected={selected} toggle={toggle} />}
                  <Anchor component={Link} to={`/author/${author.titleSlug}`} size="sm" fw={600} truncate>
                    {author.authorName}
                  </Anchor>
                </Group>
                <BookProgress author={author} />
              </Stack>
            ))}
          </Group>
        )}
      />
    </div>
  );
}
