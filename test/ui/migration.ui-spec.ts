import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FakeOpenLibrary } from '../fakes/open-library.fake';
import { ebookInstance, type InstanceFiles } from '../fixtures/readarr/library-fixtures';
import { testDatabaseUrl, truncateAllTables } from '../utils/test-database';
import { launchChromium, newPage, PageProblems } from './browser';
import { type BuiltQuire, startBuiltQuire } from './quire-server';

/**
 * Settings → Import in a real browser against the built Quire and the fake Open Library: a file that is not a
 * Readarr database is refused with its reason; a small Readarr library (test/fixtures/readarr) is previewed (the
 * report, nothing written), applied, and an unmatched book links to its kept page. No console error, no failed
 * request on the way.
 */
describe('web UI: migrating from Readarr', () => {
  const USER = 'admin';
  const PASSWORD = 'migration ui password';
  let openLibrary: FakeOpenLibrary;
  let quire: BuiltQuire;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let apiKey: string;
  let base: string;
  let ebook: InstanceFiles;

  const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(`${quire.url}/api/v1/${path}`, {
      method: init.method ?? 'GET',
      headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const expectCleanPage = () => expect(problems.take()).toEqual([]);
  /** `UI_SCREENSHOTS=<dir>` keeps a picture of the report pages. */
  const shot = async (name: string) => {
    if (process.env.UI_SCREENSHOTS) await page.screenshot({ path: join(process.env.UI_SCREENSHOTS, `${name}.png`) });
  };

  beforeAll(async () => {
    await truncateAllTables();
    base = mkdtempSync(join(tmpdir(), 'quire-ui-readarr-'));
    ebook = await ebookInstance(base, { host: '127.0.0.1', port: 9 });
    openLibrary = await FakeOpenLibrary.start();
    quire = await startBuiltQuire({
      DATABASE_URL: testDatabaseUrl(),
      METADATA_SOURCE_URL: openLibrary.url,
      COVER_SOURCE_URL: openLibrary.coversUrl,
    });
    apiKey = ((await (await fetch(`${quire.url}/initialize.json`)).json()) as { apiKey: string }).apiKey;
    await api('config/metadataprovider', {
      method: 'PUT',
      body: { ...(await api<object>('config/metadataprovider')), requestsPerMinute: 600 },
    });
    await api('config/host', {
      method: 'PUT',
      body: {
        ...(await api<object>('config/host')),
        authenticationMethod: 'forms',
        authenticationRequired: 'enabled',
        username: USER,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
      },
    });
    const hub = await fetch(`${quire.url}/signalr/messages/negotiate?negotiateVersion=1&access_token=${apiKey}`, {
      method: 'POST',
    });
    browser = await launchChromium();
    ({ context, page } = await newPage(browser));
    problems = new PageProblems(page, {
      ignore: hub.status === 404 ? [/\/signalr\//] : [],
      missingAllowed: [/\/MediaCover\//],
    });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await quire?.stop();
    await openLibrary?.close();
    if (base) rmSync(base, { recursive: true, force: true });
  });

  it('finds the import page from the empty library', async () => {
    await page.goto(quire.url);
    await page.getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
    // Signed out, /initialize.json answers 401: that is how the page knows to ask for the login.
    expect(problems.take()).toEqual([expect.stringMatching(/^HTTP 401: GET .*\/initialize\.json$/)]);
    await page.getByLabel('Username').fill(USER);
    await page.locator('input[type=password]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('No authors yet').waitFor();
    await page.getByRole('link', { name: 'Coming from Readarr? Bring your library' }).click();
    await page.getByRole('heading', { name: 'Coming from Readarr?' }).waitFor();
    expect(await page.getByRole('button', { name: 'Preview' }).isDisabled()).toBe(true);
    expectCleanPage();
  });

  it('refuses a file that is not a Readarr database, with the reason', async () => {
    const bogus = join(base, 'notes.db');
    writeFileSync(bogus, 'just some text, not SQLite');
    await page.locator('input[type=file]').setInputFiles(bogus);
    await page.getByRole('button', { name: 'Preview' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The upload was refused' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('neither a readarr.db (SQLite) nor a Readarr backup zip');
    // The refusal is a 400 on purpose; nothing else went wrong.
    expect(problems.take()).toEqual([
      expect.stringMatching(/^HTTP 400: POST .*\/api\/v1\/migration\/readarr\?dryRun=true$/),
    ]);
  });

  it('previews a Readarr library: the report, and nothing written', async () => {
    await page.locator('input[type=file]').setInputFiles(ebook.dbPath);
    await page.getByRole('button', { name: 'Preview' }).click();
    const report = page.getByTestId('migration-report');
    await report.waitFor({ timeout: 60_000 });
    expect(await report.textContent()).toContain('Preview: nothing written');
    const authors = page.getByTestId('migration-counts').locator('tr[data-entity="authors"] td');
    expect(await authors.allTextContents()).toEqual(['Authors', '2', '2', '0', '0', '1']);
    const unmatched = page.getByTestId('migration-unmatched');
    expect(await unmatched.textContent()).toContain('A Pamphlet Nobody Printed');
    // Before the apply there is nothing to open, only the metadata search.
    const pamphlet = unmatched.getByRole('row').filter({ hasText: 'A Pamphlet Nobody Printed' });
    expect(await pamphlet.getByRole('link').allTextContents()).toEqual(['Search metadata']);
    expect(await api<unknown[]>('author')).toEqual([]);
    await shot('migration-preview');
    expectCleanPage();
  });

  it('applies it, then an unmatched book links to its kept page', async () => {
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Migration applied').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('migration-report').textContent()).toContain('Applied');
    await shot('migration-applied');
    expect((await api<{ authorName: string }[]>('author')).map((a) => a.authorName).sort()).toEqual([
      'J.R.R. Tolkien',
      'Quentin Nobodyknows',
    ]);
    const pamphlet = page
      .getByTestId('migration-unmatched')
      .getByRole('row')
      .filter({ hasText: 'A Pamphlet Nobody Printed' });
    await pamphlet.getByRole('link', { name: 'Open book' }).click();
    await page.getByRole('heading', { name: 'A Pamphlet Nobody Printed' }).waitFor();
    expectCleanPage();
  });

  it('the metadata-search link arrives with the title filled in', async () => {
    await page.goBack();
    const pamphlet = page
      .getByTestId('migration-unmatched')
      .getByRole('row')
      .filter({ hasText: 'A Pamphlet Nobody Printed' });
    await pamphlet.getByRole('link', { name: 'Search metadata' }).click();
    expect(await page.getByLabel('Search the metadata source').inputValue()).toBe('A Pamphlet Nobody Printed');
    expectCleanPage();
  });
});
