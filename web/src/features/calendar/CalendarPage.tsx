import {
  Badge,
  Box,
  Button,
  CopyButton,
  Group,
  Paper,
  Popover,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { type Book, api, currentConfig, urlBase } from '../../api/client';
import { ErrorState, LoadingState } from '../../components/States';
import { WEEKDAY_NAMES, formatPattern } from '../../components/dates';
import { useFormats, useStatusColor } from '../../components/ui-settings';
import {
  type CalendarView,
  type Day,
  STATE_COLORS,
  bookState,
  byDay,
  icalUrl,
  isDay,
  shift,
  viewDays,
  viewRange,
  weekdayOrder,
} from './calendar';

const VIEWS: CalendarView[] = ['month', 'week', 'agenda'];
const today = (): Day => new Date().toISOString().slice(0, 10);

/** In colour-impaired mode a chip says its state by a mark too, not by its colour alone (as Readarr's patterns). */
const STATE_MARKS: Record<string, string> = {
  downloaded: '✓',
  missing: '!',
  unreleased: '◷',
  today: '★',
  unmonitored: '–',
};

function BookChip({ book, now }: { book: Book; now: Day }) {
  const state = bookState(book, now);
  const status = useStatusColor();
  const marked = status('teal') !== 'teal';
  return (
    <Badge
      component={Link}
      to={book.titleSlug ? `/book/${book.titleSlug}` : '#'}
      color={status(STATE_COLORS[state])}
      variant="light"
      radius="sm"
      fullWidth
      leftSection={marked ? <span aria-hidden>{STATE_MARKS[state]}</span> : undefined}
      style={{ cursor: 'pointer', textTransform: 'none', justifyContent: 'flex-start' }}
      title={`${book.author?.authorName ?? ''} – ${book.title} (${state})`}
      data-testid="calendar-book"
      data-state={state}
    >
      {book.title}
    </Badge>
  );
}

function IcalLink({ unmonitored }: { unmonitored: boolean }) {
  const url = icalUrl(window.location.origin, urlBase(), currentConfig().apiKey, unmonitored);
  return (
    <Popover width={460} position="bottom-end" withArrow>
      <Popover.Target>
        <Button size="xs" variant="default">
          iCal link
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Group gap="xs" wrap="nowrap">
          <TextInput value={url} readOnly aria-label="iCal feed URL" style={{ flex: 1 }} />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button size="xs" onClick={copy} color={copied ? 'teal' : undefined}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

/** `/calendar`: books by release day (month, week or agenda), from `GET /calendar`; `?date=&view=` bookmarks a page. */
export default function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const now = today();
  const anchor = isDay(params.get('date')) ? (params.get('date') as Day) : now;
  const view = (VIEWS as string[]).includes(params.get('view') ?? '') ? (params.get('view') as CalendarView) : 'month';
  const unmonitored = params.get('unmonitored') === 'true';
  const set = (next: Record<string, string>) =>
    setParams({ date: anchor, view, unmonitored: String(unmonitored), ...next });
  const formats = useFormats();
  const status = useStatusColor();
  const { firstDayOfWeek } = formats.settings;
  const days = viewDays(anchor, view, firstDayOfWeek);
  const range = viewRange(days);
  const books = useQuery({
    queryKey: ['book', 'calendar', range, unmonitored],
    queryFn: () => api<Book[]>('calendar', { query: { ...range, unmonitored, includeAuthor: true } }),
  });
  const grouped = byDay(books.data ?? []);
  const month = anchor.slice(0, 7);
  const title =
    view === 'month'
      ? formatPattern(`${anchor}T00:00:00Z`, 'MMMM YYYY', { utc: true })
      : `${formats.shortDate(`${days[0]}T00:00:00Z`, { utc: true })} – ${formats.shortDate(`${days[days.length - 1]}T00:00:00Z`, { utc: true })}`;
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => set({ date: shift(anchor, view, -1) })}
            aria-label="Previous"
          >
            ‹
          </Button>
          <Button size="xs" variant="default" onClick={() => set({ date: now })}>
            Today
          </Button>
          <Button size="xs" variant="default" onClick={() => set({ date: shift(anchor, view, 1) })} aria-label="Next">
            ›
          </Button>
          <Title order={2} ml="sm" data-testid="calendar-title">
            {title}
          </Title>
        </Group>
        <Group gap="xs">
          <Switch
            label="Show unmonitored"
            checked={unmonitored}
            onChange={(event) => set({ unmonitored: String(event.currentTarget.checked) })}
          />
          <SegmentedControl
            size="xs"
            data={VIEWS.map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }))}
            value={view}
            onChange={(value) => set({ view: value })}
          />
          <IcalLink unmonitored={unmonitored} />
        </Group>
      </Group>
      <Group gap="xs" mb="sm">
        {Object.entries(STATE_COLORS).map(([state, color]) => (
          <Badge key={state} color={status(color)} variant="light" size="sm" data-testid="calendar-legend">
            {state === 'today' ? 'released today' : state}
          </Badge>
        ))}
      </Group>
      {books.error && <ErrorState error={books.error} onRetry={() => void books.refetch()} />}
      {books.isPending ? (
        <LoadingState />
      ) : view === 'agenda' ? (
        <Stack gap="xs" data-testid="calendar-agenda">
          {days.filter((day) => grouped.has(day)).length === 0 && (
            <Text c="dimmed">Nothing is released in these 31 days.</Text>
          )}
          {days
            .filter((day) => grouped.has(day))
            .map((day) => (
              <Group key={day} align="flex-start" wrap="nowrap">
                <Text w={110} fw={600} size="sm" title={formats.longDay(`${day}T00:00:00Z`)}>
                  {formats.day(`${day}T00:00:00Z`)}
                </Text>
                <Stack gap={4} style={{ flex: 1 }}>
                  {grouped.get(day)!.map((book) => (
                    <Group key={book.id} gap="xs" wrap="nowrap">
                      <Box w={320}>
                        <BookChip book={book} now={now} />
                      </Box>
                      <Text size="sm" c="dimmed">
                        {book.author?.authorName}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Group>
            ))}
        </Stack>
      ) : (
        <SimpleGrid cols={7} spacing={4} verticalSpacing={4} data-testid="calendar-grid">
          {/* Readarr's headers: the weekday's name over a month, the week column header format over a week. */}
          {days.slice(0, 7).map((day, index) => (
            <Text key={day} size="xs" fw={700} c="dimmed" ta="center" data-testid="calendar-column-header">
              {view === 'week'
                ? formats.weekColumn(`${day}T00:00:00Z`)
                : WEEKDAY_NAMES[weekdayOrder(firstDayOfWeek)[index]]}
            </Text>
          ))}
          {days.map((day) => (
            <Paper
              key={day}
              withBorder
              p={4}
              mih={view === 'week' ? 240 : 96}
              // Days of the next and previous months are greyed by their background: half opacity took their
              // text under AA contrast.
              bg={
                day === now
                  ? 'var(--mantine-color-yellow-light)'
                  : view === 'month' && day.slice(0, 7) !== month
                    ? 'var(--mantine-color-default-hover)'
                    : undefined
              }
              data-testid="calendar-day"
              data-day={day}
            >
              <Text size="xs" c="dimmed">
                {Number(day.slice(8))}
              </Text>
              <Stack gap={2}>
                {(grouped.get(day) ?? []).map((book) => (
                  <BookChip key={book.id} book={book} now={now} />
                ))}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
