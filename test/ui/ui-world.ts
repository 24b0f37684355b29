import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FakeNewznab } from '../fakes/newznab-fake';
import { FakeOpenLibrary } from '../fakes/open-library.fake';
import { FakeSabnzbd } from '../fakes/sabnzbd-fake';
import { testDatabaseUrl, truncateAllTables } from '../utils/test-database';
import { launchChromium, newPage, PageProblems } from './browser';
import { type BuiltQuire, startBuiltQuire } from './quire-server';

export const USER = 'admin';
export const PASSWORD = 'correct horse battery';

/**
 * A built Quire on the test database with the fake Open Library, a fake Newznab indexer (two Hobbit releases) and a
 * fake SABnzbd configured, a browser signed in through the first-run page, and a collector of page problems.
 * `fresh` leaves Quire as a first start finds it: the fakes run, but no root folder, indexer nor client is set up.
 */
export class UiWorld {
  openLibrary!: FakeOpenLibrary;
  indexer!: FakeNewznab;
  sab!: FakeSabnzbd;
  quire!: BuiltQuire;
  browser!: Browser;
  context!: BrowserContext;
  page!: Page;
  problems!: PageProblems;
  /** How many times the browser asked before leaving a page (beforeunload). */
  leaveQuestions = 0;
  apiKey = '';

  async api<T>(path: string, init: { method?: string; body?: unknown; root?: boolean } = {}): Promise<T> {
    const response = await fetch(`${this.quire.url}${init.root ? '' : '/api/v1'}/${path}`, {
      method: init.method ?? 'GET',
      headers: { 'X-Api-Key': this.apiKey, 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async start(env: Record<string, string> = {}, options: { fresh?: boolean } = {}): Promise<void> {
    await truncateAllTables();
    const now = new Date().toUTCString();
    this.openLibrary = await FakeOpenLibrary.start();
    this.indexer = await new FakeNewznab({
      apiKey: 'indexer-key',
      bookSearch: true,
      // Published just now, so a delay profile holds them back.
      releases: [
        { title: 'J.R.R. Tolkien - The Hobbit (epub)', guid: 'hobbit-epub', size: 2_000_000, pubDate: now },
        { title: 'J.R.R. Tolkien - The Hobbit (mp3)', guid: 'hobbit-mp3', size: 300_000_000, pubDate: now },
      ],
    }).start();
    this.sab = await new FakeSabnzbd('sab-key').start();
    this.sab.categories.push('books');
    this.quire = await startBuiltQuire({
      DATABASE_URL: testDatabaseUrl(),
      METADATA_SOURCE_URL: this.openLibrary.url,
      COVER_SOURCE_URL: this.openLibrary.coversUrl,
      ...env,
    });
    this.apiKey = ((await (await fetch(`${this.quire.url}/initialize.json`)).json()) as { apiKey: string }).apiKey;
    await this.api('config/metadataprovider', {
      method: 'PUT',
      body: { ...(await this.api<object>('config/metadataprovider')), requestsPerMinute: 600 },
    });
    if (!options.fresh) await this.configureLibrary();
    this.browser = await launchChromium();
    ({ context: this.context, page: this.page } = await newPage(this.browser));
    this.problems = new PageProblems(this.page, { missingAllowed: [/\/MediaCover\//] });
    // Confirmation dialogs (clear, restore) are accepted; so is the browser's "leave this page?" (counted).
    this.page.on('dialog', (dialog) => {
      if (dialog.type() === 'beforeunload') this.leaveQuestions++;
      void dialog.accept();
    });
  }

  /** A root folder, the fake indexer and the fake SABnzbd, as a configured Quire has them. */
  private async configureLibrary(): Promise<void> {
    const profiles = await this.api<{ id: number }[]>('metadataprofile');
    await this.api('rootfolder', {
      method: 'POST',
      body: {
        name: 'Books',
        path: mkdtempSync(join(tmpdir(), 'quire-ui-books-')),
        defaultQualityProfileId: 1,
        defaultMetadataProfileId: profiles[0].id,
      },
    });
    await this.api('indexer', {
      method: 'POST',
      body: {
        name: 'Fake Newznab',
        enableRss: true,
        enableAutomaticSearch: true,
        enableInteractiveSearch: true,
        implementation: 'Newznab',
        configContract: 'NewznabSettings',
        fields: [
          { name: 'baseUrl', value: this.indexer.url },
          { name: 'apiKey', value: 'indexer-key' },
          { name: 'categories', value: '7020' },
        ],
      },
    });
    await this.api('downloadclient', {
      method: 'POST',
      body: {
        name: 'Fake SAB',
        enable: true,
        priority: 1,
        implementation: 'Sabnzbd',
        configContract: 'SabnzbdSettings',
        fields: [
          { name: 'host', value: '127.0.0.1' },
          { name: 'port', value: this.sab.port },
          { name: 'apiKey', value: 'sab-key' },
          { name: 'musicCategory', value: 'books' },
        ],
      },
    });
  }

  /** Creates the login on the first-run page, which signs the browser in. */
  async signIn(): Promise<void> {
    await this.page.goto(this.quire.url);
    await this.page.getByRole('heading', { name: 'Welcome to Quire' }).waitFor();
    await this.page.getByLabel('Username').fill(USER);
    await this.page.locator('input[type=password]').nth(0).fill(PASSWORD);
    await this.page.locator('input[type=password]').nth(1).fill(PASSWORD);
    await this.page.getByRole('button', { name: 'Create login' }).click();
    await this.page.getByTestId('live-state').filter({ hasText: 'live' }).waitFor();
  }

  /** Adds J.R.R. Tolkien with every book monitored and waits for the books of his refresh. */
  async addTolkien(): Promise<{ id: number; title: string }[]> {
    const [author] = await this.api<Record<string, unknown>[]>(
      `author/lookup?term=${encodeURIComponent('J.R.R. Tolkien')}`,
    );
    const profiles = await this.api<{ id: number }[]>('metadataprofile');
    const folders = await this.api<{ path: string }[]>('rootfolder');
    const created = await this.api<{ id: number }>('author', {
      method: 'POST',
      body: {
        ...author,
        qualityProfileId: 1,
        metadataProfileId: profiles[0].id,
        rootFolderPath: folders[0].path,
        monitored: true,
        addOptions: { monitor: 'all', searchForMissingBooks: false },
      },
    });
    let books: { id: number; title: string }[] = [];
    await expectEventually(async () => {
      books = await this.api<{ id: number; title: string }[]>(`book?authorId=${created.id}`);
      expect(books.map((book) => book.title)).toContain('The Hobbit');
    }, 30_000);
    return books;
  }

  /** Grabs the release of the book whose title contains `match`, as interactive search does. */
  async grab(bookId: number, match: string): Promise<void> {
    const releases = await this.api<{ title: string }[]>(`release?bookId=${bookId}`);
    const release = releases.find((candidate) => candidate.title.includes(match));
    if (!release) throw new Error(`no release ${match} in ${releases.map((r) => r.title).join(', ')}`);
    await this.api('release', { method: 'POST', body: release });
  }

  /** `UI_SCREENSHOTS=docs/screenshots npx jest test/ui` refreshes the screenshots in docs/screenshots/. */
  async shot(name: string): Promise<void> {
    const dir = process.env.UI_SCREENSHOTS;
    if (!dir) return;
    await this.page.waitForTimeout(400);
    // Command toasts are left over from earlier steps of the test and stay for seconds; a picture of a page omits them.
    await this.page.screenshot({ path: join(dir, `${name}.png`), style: '[data-testid="toasts"] { display: none; }' });
  }

  async stop(): Promise<void> {
    await this.context?.close();
    await this.browser?.close();
    await this.quire?.stop();
    await Promise.all([this.openLibrary?.close(), this.indexer?.stop(), this.sab?.stop()]);
  }
}

/** Retries an assertion until it holds (server-side work finishing). */
export async function expectEventually(assertion: () => Promise<void>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}
