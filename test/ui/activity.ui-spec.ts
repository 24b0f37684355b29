import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { makeEpub } from '../fixtures/media/generators';
import { PageProblems } from './browser';
import { expectEventually, UiWorld } from './ui-world';

/**
 * Activity and Wanted in a real browser against the built Quire with the fake peers: a grab shows in the queue and
 * is removed with its release blocklisted, history lists and filters the grabs and marks one failed, the blocklist
 * removes one and clears the rest, and the wanted lists page, sort, monitor and search on the server. Then a
 * release held back by a delay profile is grabbed from the queue, downloads in the fake SABnzbd and is imported, while
 * queue, history and wanted (three tabs) change without a reload; two held-back releases are grabbed and then removed
 * with the bulk actions; a download that does not match is imported by hand.
 * Every page visited must log no console error and no failed request.
 */
describe('web UI: activity and wanted', () => {
  const world = new UiWorld();
  let hobbitId: number;
  let books: { id: number; title: string }[];

  const page = () => world.page;
  const expectCleanPage = () => expect(world.problems.take()).toEqual([]);
  const open = async (path: string, heading: string) => {
    await page().goto(`${world.quire.url}${path}`);
    await page().getByRole('heading', { name: heading }).waitFor();
  };

  beforeAll(async () => {
    await world.start();
    await world.signIn();
    books = await world.addTolkien();
    hobbitId = books.find((book) => book.title === 'The Hobbit')!.id;
  }, 180_000);

  afterAll(() => world.stop());

  const downloads = mkdtempSync(join(tmpdir(), 'quire-ui-downloads-'));
  /** The fake SABnzbd finishes the job of `title` with an EPUB in a real folder, then Quire polls the client. */
  const finishDownload = async (title: string, meta: { title: string; author: string }) => {
    const job = world.sab.queue.find((candidate) => candidate.name === title)!;
    const folder = join(downloads, job.nzo_id);
    mkdirSync(folder);
    await makeEpub(join(folder, 'download.epub'), meta);
    world.sab.finish(job.nzo_id, 'Completed', folder);
    await refreshDownloads();
  };
  const refreshDownloads = () => world.api('command', { method: 'POST', body: { name: 'RefreshMonitoredDownloads' } });
  /** Another tab on `path`, with its own problem collector; a marker on its window shows it was never reloaded. */
  const openTab = async (path: string, heading: string): Promise<{ tab: Page; problems: PageProblems }> => {
    const tab = await world.context.newPage();
    const problems = new PageProblems(tab, { missingAllowed: [/\/MediaCover\//] });
    await tab.goto(`${world.quire.url}${path}`);
    await tab.getByRole('heading', { name: heading }).waitFor();
    await markUnreloaded(tab);
    return { tab, problems };
  };
  const markUnreloaded = (target: Page) =>
    target.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
  const notReloaded = async (target: Page) =>
    expect(await target.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');

  it('queue: a grabbed release shows with its progress and is removed from the client and blocklisted', async () => {
    await world.grab(hobbitId, '(epub)');
    await open('/activity/queue', 'Queue');
    const row = page().getByTestId('queue-row').filter({ hasText: 'The Hobbit (epub)' });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByRole('link', { name: 'J.R.R. Tolkien' }).count()).toBe(1);
    await row.getByTestId('queue-progress').waitFor();
    await world.shot('queue');
    await row.getByRole('button', { name: /^Remove/ }).click();
    const dialog = page().getByRole('dialog');
    expect(await dialog.getByLabel('Remove from download client').isChecked()).toBe(true);
    await dialog.getByLabel('Add release to blocklist').check();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await page().getByText('Queue is empty').waitFor();
    expect(world.sab.queue).toEqual([]);
    const blocklist = await world.api<{ totalRecords: number; records: { sourceTitle: string }[] }>('blocklist');
    expect(blocklist.records.map((item) => item.sourceTitle)).toEqual(['J.R.R. Tolkien - The Hobbit (epub)']);
    expectCleanPage();
  });

  it('history: lists the grabs, filters by event type on the server, and marks a grab failed', async () => {
    await world.grab(hobbitId, '(mp3)');
    await open('/activity/history', 'History');
    const grabbed = page().getByTestId('history-row').filter({ hasText: 'Grabbed' });
    await grabbed.filter({ hasText: '(mp3)' }).waitFor();
    expect(await grabbed.count()).toBeGreaterThanOrEqual(2);
    await world.shot('history');
    const requests: string[] = [];
    page().on('request', (request) => {
      if (request.url().includes('/api/v1/history?')) requests.push(request.url());
    });
    await page().getByRole('combobox', { name: 'Event type' }).click();
    await page().getByRole('option', { name: 'Renamed' }).click();
    await page().getByText('No events of this type').waitFor();
    expect(requests.some((url) => url.includes('eventType=6'))).toBe(true);
    await page().getByRole('combobox', { name: 'Event type' }).click();
    await page().getByRole('option', { name: 'Grabbed' }).click();
    await grabbed.filter({ hasText: '(mp3)' }).getByRole('button', { name: 'Mark failed' }).click();
    await expectEventually(async () => {
      const blocklist = await world.api<{ records: { sourceTitle: string }[] }>('blocklist');
      expect(blocklist.records.map((item) => item.sourceTitle).sort()).toEqual([
        'J.R.R. Tolkien - The Hobbit (epub)',
        'J.R.R. Tolkien - The Hobbit (mp3)',
      ]);
    });
    expectCleanPage();
  });

  it('blocklist: removes one release, then clears the rest', async () => {
    await open('/activity/blocklist', 'Blocklist');
    const rows = page().getByTestId('blocklist-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    await world.shot('blocklist');
    await rows
      .filter({ hasText: '(epub)' })
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expectEventually(async () => expect(await rows.count()).toBe(1));
    await page().getByRole('button', { name: 'Clear', exact: true }).click();
    await page().getByText('Blocklist is empty').waitFor();
    expect((await world.api<{ totalRecords: number }>('blocklist')).totalRecords).toBe(0);
    expectCleanPage();
  });

  it('wanted/missing: server-side paging and sort, monitor toggle, search selected', async () => {
    const missing = await world.api<{ totalRecords: number }>('wanted/missing?monitored=true');
    expect(missing.totalRecords).toBeGreaterThan(1);
    await open('/wanted/missing', 'Missing');
    const rows = page().getByTestId('wanted-row');
    await rows.first().waitFor();
    expect(await page().getByTestId('total-records').textContent()).toBe(`${missing.totalRecords} records`);
    const bookHeader = page().getByRole('columnheader', { name: /^Book/ });
    await bookHeader.getByRole('button').click();
    await page().locator('th[aria-sort="ascending"]', { hasText: 'Book' }).waitFor();
    // The previous page stays on screen until the sorted one arrives: wait for the server's order.
    const firstBook = async () => rows.first().getByRole('link').nth(1).textContent();
    await expectEventually(async () => expect(await firstBook()).toBe('The Hobbit'));
    await bookHeader.getByRole('button').click();
    await page().locator('th[aria-sort="descending"]', { hasText: 'Book' }).waitFor();
    await expectEventually(async () => expect(await firstBook()).toBe('Unfinished Tales'));
    await world.shot('wanted-missing');
    const first = (await rows.first().getByRole('link').nth(1).textContent())!;
    await rows
      .first()
      .getByRole('button', { name: `Unmonitor ${first}` })
      .click();
    await page()
      .getByTestId('total-records')
      .filter({ hasText: `${missing.totalRecords - 1} records` })
      .waitFor();
    const second = (await rows.first().getByRole('link').nth(1).textContent())!;
    await rows.first().getByLabel(`Select ${second}`).check();
    await page().getByRole('button', { name: 'Search selected' }).click();
    await expectEventually(async () => {
      const commands = await world.api<{ name: string; body: { bookIds?: number[] } }[]>('command');
      expect(commands.some((command) => command.name === 'BookSearch')).toBe(true);
    });
    expectCleanPage();
  });

  it('calendar: books on their release day, coloured, unmonitored on demand, month/agenda, iCal link', async () => {
    const silmarillion = books.find((book) => book.title === 'The Silmarillion')!;
    await world.api('book/monitor', { method: 'PUT', body: { bookIds: [silmarillion.id], monitored: false } });
    await page().goto(`${world.quire.url}/calendar?date=1937-01-01&view=month`);
    await page().getByTestId('calendar-title').filter({ hasText: '1937' }).waitFor();
    const hobbit = page().locator('[data-day="1937-01-01"]').getByTestId('calendar-book');
    await hobbit.filter({ hasText: 'The Hobbit' }).waitFor();
    expect(await hobbit.getAttribute('data-state')).toBe('missing');
    await world.shot('calendar');
    await page().getByRole('button', { name: 'Next' }).click();
    await page().getByTestId('calendar-title').filter({ hasText: 'February' }).waitFor();
    expect(await page().getByTestId('calendar-book').count()).toBe(0);
    await page().goto(`${world.quire.url}/calendar?date=1977-01-01&view=agenda`);
    await page().getByTestId('calendar-agenda').getByText('Nothing is released in these 31 days.').waitFor();
    await page().getByRole('switch', { name: 'Show unmonitored' }).click();
    const unmonitored = page().getByTestId('calendar-book').filter({ hasText: 'The Silmarillion' });
    await unmonitored.waitFor();
    expect(await unmonitored.getAttribute('data-state')).toBe('unmonitored');
    await page().getByRole('button', { name: 'iCal link' }).click();
    const url = await page().getByLabel('iCal feed URL').inputValue();
    expect(url).toContain(`apikey=${world.apiKey}`);
    const feed = await fetch(url);
    expect([feed.status, feed.headers.get('content-type')]).toEqual([200, 'text/calendar; charset=utf-8']);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    expectCleanPage();
  });

  it('wanted/cutoffunmet: nothing has a file yet, so the empty state', async () => {
    await open('/wanted/cutoffunmet', 'Cutoff unmet');
    await page().getByText('Every book meets its quality cutoff').waitFor();
    expectCleanPage();
  });

  it('queue: a release held back by a delay profile is grabbed from the queue, downloads and is imported, live', async () => {
    const delay = await world.api<Record<string, unknown>>('delayprofile/1');
    await world.api('delayprofile/1', { method: 'PUT', body: { ...delay, usenetDelay: 600 } });
    await world.api('command', { method: 'POST', body: { name: 'BookSearch', bookIds: [hobbitId] } });
    const history = await openTab('/activity/history', 'History');
    const wanted = await openTab('/wanted/missing', 'Missing');
    const wantedHobbit = wanted.tab.getByTestId('wanted-row').getByRole('link', { name: 'The Hobbit', exact: true });
    await wantedHobbit.waitFor();
    await open('/activity/queue', 'Queue');
    await markUnreloaded(page());
    const row = page().getByTestId('queue-row').filter({ hasText: 'The Hobbit (epub)' });
    await row.getByTestId('queue-status').filter({ hasText: 'Delay' }).waitFor({ timeout: 30_000 });
    await world.api('delayprofile/1', { method: 'PUT', body: delay });
    await world.shot('queue-pending');
    await row.getByRole('button', { name: 'Grab' }).click();
    await row.getByRole('button', { name: 'Grab' }).waitFor({ state: 'detached' });
    expect(world.sab.queue.map((job) => job.name)).toContain('J.R.R. Tolkien - The Hobbit (epub)');
    const status = await world.api<{ totalCount: number }>('queue/status');
    await page()
      .getByTestId('queue-badge')
      .filter({ hasText: `${status.totalCount} queued` })
      .waitFor();

    // The client reports progress, then the finished download with the book in its folder.
    const job = world.sab.queue.find((candidate) => candidate.name.endsWith('(epub)'))!;
    world.sab.progress(job.nzo_id, 0.5);
    await refreshDownloads();
    await row.getByLabel('75% downloaded').waitFor();
    await row.getByTestId('queue-status').filter({ hasText: 'Downloading' }).waitFor();
    await finishDownload(job.name, { title: 'The Hobbit', author: 'J.R.R. Tolkien' });
    await expectEventually(async () => expect(await row.count()).toBe(0));
    await page()
      .getByTestId('queue-badge')
      .filter({ hasText: `${status.totalCount - 1} queued` })
      .waitFor();
    await history.tab.getByTestId('history-row').filter({ hasText: 'Download imported' }).waitFor();
    await expectEventually(async () => expect(await wantedHobbit.count()).toBe(0));
    const files = await world.api<{ path: string }[]>(`bookfile?bookId=${hobbitId}`);
    expect(files.map((file) => file.path)).toEqual([expect.stringMatching(/The Hobbit.*\.epub$/)]);
    for (const target of [page(), history.tab, wanted.tab]) await notReloaded(target);
    expect([...history.problems.take(), ...wanted.problems.take()]).toEqual([]);
    await Promise.all([history.tab.close(), wanted.tab.close()]);
    expectCleanPage();
  });

  it('queue: held-back releases of two books are sent with "Grab selected", then removed with "Remove selected"', async () => {
    const titles = ['The Silmarillion', 'The Lord of the Rings'];
    const bookIds = titles.map((title) => books.find((book) => book.title === title)!.id);
    const releases = titles.map((title) => `J.R.R. Tolkien - ${title} (epub)`);
    const feed = world.indexer.releases;
    const pubDate = new Date().toUTCString();
    world.indexer.releases = [
      ...feed,
      ...releases.map((title, i) => ({ title, guid: `bulk-${i}`, size: 1e6, pubDate })),
    ];
    await world.api('book/monitor', { method: 'PUT', body: { bookIds, monitored: true } });
    const delay = await world.api<Record<string, unknown>>('delayprofile/1');
    await world.api('delayprofile/1', { method: 'PUT', body: { ...delay, usenetDelay: 600 } });
    await world.api('command', { method: 'POST', body: { name: 'BookSearch', bookIds } });
    await open('/activity/queue', 'Queue');
    const rows = releases.map((title) => page().getByTestId('queue-row').filter({ hasText: title }));
    for (const row of rows)
      await row.getByTestId('queue-status').filter({ hasText: 'Delay' }).waitFor({ timeout: 30_000 });
    const select = (title: string) => page().getByLabel(`Select ${title}`, { exact: true }).check();
    // One request for both: the bulk route of each action.
    const bulk = (method: string, path: string) =>
      page().waitForResponse((r) => r.request().method() === method && r.url().includes(`/api/v1/${path}/bulk`));
    for (const title of releases) await select(title);
    const grabbed = bulk('POST', 'queue/grab');
    await page().getByRole('button', { name: 'Grab selected' }).click();
    expect((await grabbed).status()).toBe(200);
    for (const row of rows) await row.getByRole('button', { name: 'Grab', exact: true }).waitFor({ state: 'detached' });
    world.indexer.releases = feed;
    await world.api('delayprofile/1', { method: 'PUT', body: delay });
    expect(world.sab.queue.map((job) => job.name)).toEqual(expect.arrayContaining(releases));
    const queue = await world.api<{ records: { title: string; status: string }[] }>('queue?pageSize=50');
    const statuses = queue.records.filter((item) => releases.includes(item.title)).map((item) => item.status);
    expect(statuses).toHaveLength(2);
    expect(statuses).not.toContain('delay');

    for (const title of releases) await select(title);
    await page().getByRole('button', { name: 'Remove selected' }).click();
    const dialog = page().getByRole('dialog', { name: 'Remove 2 items' });
    expect(await dialog.getByLabel('Remove from download client').isChecked()).toBe(true);
    const removed = bulk('DELETE', 'queue');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    expect((await removed).status()).toBe(200);
    for (const row of rows) await expectEventually(async () => expect(await row.count()).toBe(0));
    expect(world.sab.queue.filter((job) => releases.includes(job.name))).toEqual([]);
    const after = await world.api<{ records: { title: string }[] }>('queue?pageSize=50');
    expect(after.records.filter((item) => releases.includes(item.title))).toEqual([]);
    expectCleanPage();
  });

  it('queue: a download that does not match fails to import; manual import puts it on the book chosen', async () => {
    await open('/activity/queue', 'Queue');
    await world.grab(hobbitId, '(epub)');
    await finishDownload('J.R.R. Tolkien - The Hobbit (epub)', {
      title: 'A Completely Different Novel',
      author: 'Someone Else',
    });
    const row = page()
      .getByTestId('queue-row')
      .filter({ has: page().getByRole('button', { name: 'Manual import' }) });
    await row.getByTestId('queue-status').filter({ hasText: 'Import failed' }).waitFor({ timeout: 30_000 });
    await row.getByTestId('queue-message').filter({ hasText: 'not close enough' }).first().waitFor();
    await row.getByRole('button', { name: 'Manual import' }).click();
    const dialog = page().getByRole('dialog');
    const file = dialog.getByTestId('manual-import-row');
    await file.getByTestId('manual-import-rejection').first().waitFor();
    expect(await file.getByText('J.R.R. Tolkien').count()).toBe(1);
    await file.getByRole('combobox', { name: 'Book' }).click();
    await page().getByRole('option', { name: 'The Silmarillion', exact: true }).click();
    expect(await file.getByRole('checkbox').isChecked()).toBe(true);
    await world.shot('queue-manual-import');
    await dialog.getByRole('button', { name: 'Import 1 file(s)' }).click();
    await page().getByTestId('command-toast').filter({ hasText: 'completed' }).first().waitFor({ timeout: 30_000 });
    await expectEventually(async () => expect(await row.count()).toBe(0));
    const silmarillion = books.find((book) => book.title === 'The Silmarillion')!;
    expect(await world.api<unknown[]>(`bookfile?bookId=${silmarillion.id}`)).toHaveLength(1);
    expectCleanPage();
  });

  it('history events are named in words, the same on a book’s page as on Activity → History', async () => {
    const hobbit = await world.api<{ titleSlug: string }>(`book/${hobbitId}`);
    await open(`/book/${hobbit.titleSlug}`, 'The Hobbit');
    await page().getByRole('tab', { name: 'History' }).click();
    const onBook = page().getByTestId('history').getByTestId('history-event');
    await onBook.first().waitFor();
    // innerText is what is shown (after any text-transform): words, not the wire names in capitals.
    const bookLabels = [...new Set(await onBook.allInnerTexts())].sort();
    expect(bookLabels).toEqual(expect.arrayContaining(['Download imported', 'File imported', 'Grabbed']));
    await open('/activity/history', 'History');
    await page().getByTestId('history-row').first().waitFor();
    const historyLabels = new Set(await page().getByTestId('history-event').allInnerTexts());
    expect(bookLabels.filter((label) => !historyLabels.has(label))).toEqual([]);
    expectCleanPage();
  });

  it('header search: jumps to an author or a book of the library, or offers the metadata search', async () => {
    const search = page().getByRole('combobox', { name: 'Search the library' });
    await search.fill('hobb');
    await page().getByRole('option', { name: 'The Hobbit (J.R.R. Tolkien)' }).waitFor();
    await page()
      .getByRole('option', { name: /Search the metadata source for “hobb”/ })
      .waitFor();
    await world.shot('header-search');
    await page().getByRole('option', { name: 'The Hobbit (J.R.R. Tolkien)' }).click();
    await page().getByRole('heading', { name: 'The Hobbit' }).first().waitFor();
    await search.fill('tolkien');
    await page().getByRole('option', { name: 'J.R.R. Tolkien', exact: true }).click();
    await page().getByRole('heading', { name: 'J.R.R. Tolkien' }).first().waitFor();
    expectCleanPage();
  });
});
