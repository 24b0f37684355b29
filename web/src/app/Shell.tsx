import { AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink as RouterLink, Route, Routes, useLocation, useNavigate } from 'react-router';
import { type InitializeConfig, signOut } from '../api/client';
import { useCommandPolling } from '../api/commands';
import { startLive } from '../api/live';
import { queryClient } from '../api/query-client';
import { EmptyState, LoadingState } from '../components/States';
import AuthorDetailPage from '../features/author/AuthorDetailPage';
import { AuthorsIndexPage } from '../features/authors/AuthorsIndexPage';
import BooksIndexPage from '../features/books/BooksIndexPage';
import { CommandToasts } from './CommandToasts';
import { GlobalSearch } from './GlobalSearch';
import { HealthBadge, QueueBadge, RunningCommands } from './HeaderBadges';
import { KeyboardShortcuts } from './KeyboardShortcuts';
import { useApplyTheme, useStatusColor } from '../components/ui-settings';

// The pages with budgets (authors, author detail, books) are in the first bundle: no round trip before their data.
const BookDetailPage = lazy(() => import('../features/book/BookDetailPage'));
const BookshelfPage = lazy(() => import('../features/shelf/BookshelfPage'));
const UnmappedPage = lazy(() => import('../features/unmapped/UnmappedPage'));
const AddSearchPage = lazy(() => import('../features/add/AddSearchPage'));
const MigrationPage = lazy(() => import('../features/migration/MigrationPage'));
const QueuePage = lazy(() => import('../features/activity/QueuePage'));
const HistoryPage = lazy(() => import('../features/activity/HistoryPage'));
const BlocklistPage = lazy(() => import('../features/activity/BlocklistPage'));
const WantedPage = lazy(() => import('../features/wanted/WantedPage'));
const StatusPage = lazy(() => import('../features/system/StatusPage'));
const TasksPage = lazy(() => import('../features/system/TasksPage'));
const BackupPage = lazy(() => import('../features/system/BackupPage'));
const EventsPage = lazy(() => import('../features/system/EventsPage'));
const LogFilesPage = lazy(() => import('../features/system/LogFilesPage'));
const UpdatesPage = lazy(() => import('../features/system/UpdatesPage'));
const CalendarPage = lazy(() => import('../features/calendar/CalendarPage'));
const NotificationHubPage = lazy(() => import('../features/notifications/NotificationHubPage'));
const settingsPage = (name: keyof typeof import('../features/settings/pages')) =>
  lazy(() => import('../features/settings/pages').then((pages) => ({ default: pages[name] })));
const SETTINGS_PAGES = {
  mediamanagement: settingsPage('MediaManagementPage'),
  profiles: settingsPage('ProfilesPage'),
  quality: settingsPage('QualityDefinitionsPage'),
  customformats: settingsPage('CustomFormatsPage'),
  indexers: settingsPage('IndexersPage'),
  downloadclients: settingsPage('DownloadClientsPage'),
  importlists: settingsPage('ImportListsPage'),
  connect: settingsPage('ConnectPage'),
  metadata: settingsPage('MetadataPage'),
  tags: settingsPage('TagsPage'),
  general: settingsPage('GeneralPage'),
  ui: settingsPage('UiSettingsPage'),
  development: settingsPage('DevelopmentSettingsPage'),
};

const NAV = [
  { to: '/', label: 'Authors', end: true },
  { to: '/books', label: 'Books' },
  { to: '/shelf', label: 'Bookshelf' },
  { to: '/unmapped', label: 'Unmapped files' },
  { to: '/add/search', label: 'Add new' },
  { to: '/calendar', label: 'Calendar' },
];

/** Sections with sub-pages (Readarr's routes, so bookmarks work). */
const NAV_GROUPS = [
  {
    label: 'Activity',
    prefix: '/activity',
    items: [
      { to: '/activity/queue', label: 'Queue' },
      { to: '/activity/history', label: 'History' },
      { to: '/activity/blocklist', label: 'Blocklist' },
    ],
  },
  {
    label: 'Wanted',
    prefix: '/wanted',
    items: [
      { to: '/wanted/missing', label: 'Missing' },
      { to: '/wanted/cutoffunmet', label: 'Cutoff unmet' },
    ],
  },
  {
    label: 'System',
    prefix: '/system',
    items: [
      { to: '/system/status', label: 'Status' },
      { to: '/system/tasks', label: 'Tasks' },
      { to: '/system/backup', label: 'Backup' },
      { to: '/system/updates', label: 'Updates' },
      { to: '/system/events', label: 'Events' },
      { to: '/system/logs/files', label: 'Log files' },
      { to: '/system/notifications', label: 'Notifications' },
    ],
  },
];

const SETTINGS_GROUP = {
  label: 'Settings',
  prefix: '/settings',
  items: [
    { to: '/settings/mediamanagement', label: 'Media management' },
    { to: '/settings/profiles', label: 'Profiles' },
    { to: '/settings/quality', label: 'Quality' },
    { to: '/settings/customformats', label: 'Custom formats' },
    { to: '/settings/indexers', label: 'Indexers' },
    { to: '/settings/downloadclients', label: 'Download clients' },
    { to: '/settings/importlists', label: 'Import lists' },
    { to: '/settings/connect', label: 'Connect' },
    { to: '/settings/metadata', label: 'Metadata' },
    { to: '/settings/tags', label: 'Tags' },
    { to: '/settings/general', label: 'General' },
    { to: '/settings/ui', label: 'UI' },
    { to: '/settings/development', label: 'Development' },
    { to: '/settings/import', label: 'Import' },
  ],
};

interface NavSection {
  label: string;
  prefix: string;
  items: { to: string; label: string }[];
}

/**
 * A sidebar section: a real link to its first page (reachable with Tab, openable in a new tab) that also opens
 * its sub-pages, as Readarr's sidebar does. Inside the section a click only folds it.
 */
function NavGroup({ group, pathname }: { group: NavSection; pathname: string }) {
  const navigate = useNavigate();
  const inside = pathname.startsWith(group.prefix);
  const [opened, setOpened] = useState(inside);
  useEffect(() => {
    if (inside) setOpened(true);
  }, [inside]);
  const first = group.items[0].to;
  return (
    <NavLink
      component={RouterLink}
      to={first}
      label={group.label}
      opened={opened}
      onChange={setOpened}
      onClick={(event) => {
        if (inside || event.ctrlKey || event.metaKey || event.shiftKey) return;
        void navigate(first);
      }}
      childrenOffset="sm"
    >
      {group.items.map((item) => (
        <NavLink key={item.to} component={RouterLink} to={item.to} label={item.label} />
      ))}
    </NavLink>
  );
}

/** Whether changes reach the page as they happen (the hub) or are asked for every now and then. */
function LiveBadge({ live }: { live: boolean }) {
  const status = useStatusColor();
  const explanation = live
    ? 'Changes on the server show here as they happen.'
    : 'The live connection is down: the page asks the server for changes every 30 seconds.';
  return (
    <Tooltip label={explanation} multiline maw={300}>
      <Badge
        variant="dot"
        color={status(live ? 'teal' : 'gray')}
        tt="none"
        title={explanation}
        visibleFrom="xs"
        data-testid="live-state"
      >
        {live ? 'Updating live' : 'Checking every 30 s'}
      </Badge>
    </Tooltip>
  );
}

export function Shell({ config }: { config: InitializeConfig }) {
  const [opened, { toggle, close }] = useDisclosure();
  const [live, setLive] = useState(false);
  const location = useLocation();
  useEffect(() => startLive(queryClient, setLive), []);
  useEffect(close, [location.pathname, close]);
  useCommandPolling(live);
  useApplyTheme(config.theme);
  return (
    <AppShell
      header={{ height: 52 }}
      navbar={{ width: 200, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
            <Title order={4} visibleFrom="sm">
              {config.instanceName}
            </Title>
            <GlobalSearch />
          </Group>
          <Group gap={6} wrap="nowrap">
            <RunningCommands />
            <QueueBadge />
            <HealthBadge />
            <LiveBadge live={live} />
            {/* On a phone the header has no room for it: the menu has it instead. */}
            <Button
              size="xs"
              variant="subtle"
              visibleFrom="sm"
              onClick={() => void signOut().then(() => window.location.reload())}
            >
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <ScrollArea>
          {NAV.map((item) => (
            <NavLink key={item.to} component={RouterLink} to={item.to} end={item.end} label={item.label} />
          ))}
          {[...NAV_GROUPS, SETTINGS_GROUP].map((group) => (
            <NavGroup key={group.prefix} group={group} pathname={location.pathname} />
          ))}
          <NavLink
            hiddenFrom="sm"
            component="button"
            label="Sign out"
            onClick={() => void signOut().then(() => window.location.reload())}
          />
          <Text size="xs" c="dimmed" mt="md" px="sm" data-testid="quire-version">
            Quire {config.packageVersion}
          </Text>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<LoadingState />}>
          <Routes>
            <Route path="/" element={<AuthorsIndexPage />} />
            <Route path="/author/:titleSlug" element={<AuthorDetailPage />} />
            <Route path="/book/:titleSlug" element={<BookDetailPage />} />
            <Route path="/books" element={<BooksIndexPage />} />
            <Route path="/shelf" element={<BookshelfPage />} />
            <Route path="/unmapped" element={<UnmappedPage />} />
            <Route path="/add/search" element={<AddSearchPage />} />
            <Route path="/settings/import" element={<MigrationPage />} />
            <Route path="/activity/queue" element={<QueuePage />} />
            <Route path="/activity/history" element={<HistoryPage />} />
            <Route path="/activity/blocklist" element={<BlocklistPage />} />
            <Route path="/wanted/missing" element={<WantedPage kind="missing" />} />
            <Route path="/wanted/cutoffunmet" element={<WantedPage key="cutoff" kind="cutoff" />} />
            <Route path="/calendar" element={<CalendarPage />} />
            <Route path="/system/status" element={<StatusPage />} />
            <Route path="/system/tasks" element={<TasksPage />} />
            <Route path="/system/backup" element={<BackupPage />} />
            <Route path="/system/updates" element={<UpdatesPage />} />
            <Route path="/system/events" element={<EventsPage />} />
            <Route path="/system/logs/files" element={<LogFilesPage />} />
            <Route path="/system/notifications" element={<NotificationHubPage />} />
            {Object.entries(SETTINGS_PAGES).map(([path, Page]) => (
              <Route key={path} path={`/settings/${path}`} element={<Page />} />
            ))}
            <Route path="*" element={<EmptyState title="Page not found" />} />
          </Routes>
        </Suspense>
      </AppShell.Main>
      <CommandToasts />
      <KeyboardShortcuts />
    </AppShell>
  );
}
