import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FakeNewznab } from '../fakes/newznab-fake';
import { FakeNtfy } from '../fakes/ntfy.fake';
import { FakeOpenLibrary } from '../fakes/open-library.fake';
import { FakeSabnzbd } from '../fakes/sabnzbd-fake';
import { testDatabaseUrl, truncateAllTables } from '../utils/test-database';
import { launchChromium, newPage, PageProblems } from './browser';
import { type BuiltQuire, startBuiltQuire } from './quire-server';

/**
 * Settings in a real browser against the built Quire: providers are added from the schema-driven form only —
 * a Newznab indexer against the fake indexer (a wrong key first: the server's message lands on the API key
 * field), a SABnzbd client against the fake, an ntfy connection against the fake — and a reload finds them
 * saved, their secrets masked and still working. No console error and no failed request beyond the expected 400.
 */
describe('web UI: settings', () => {
  const USER = 'admin';
  const PASSWORD = 'correct horse battery';
  let openLibrary: FakeOpenLibrary;
  let indexer: FakeNewznab;
  let sab: FakeSabnzbd;
  let ntfy: FakeNtfy;
  let quire: BuiltQuire;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let apiKey: string;
  const booksDir = mkdtempSync(join(tmpdir(), 'quire-ui-settings-'));
  const downloadsDir = `${mkdtempSync(join(tmpdir(), 'quire-ui-downloads-'))}/`;

  const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(`${quire.url}/api/v1/${path}`, {
      method: init.method ?? 'GET',
      headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  const shot = async (name: string) => {
    const dir = process.env.UI_SCREENSHOTS;
    if (!dir) return;
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(dir, `${name}.png`) });
  };

  const expectCleanPage = () => expect(problems.take()).toEqual([]);
  const dialog = () => page.getByRole('dialog');

  /** The error text drawn under a provider field, inside that field's own wrapper. */
  const errorOf = async (field: string): Promise<string> => {
    const error = dialog().locator(`[data-field-wrapper="${field}"] [class*="-error"]`);
    return (await error.count()) === 0 ? '' : ((await error.first().textContent()) ?? '');
  };

  const openSettings = async (label: string, heading: string) => {
    if (await dialog().count()) await page.keyboard.press('Escape'); // a failed step's form left open
    await page.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
    await page.getByRole('heading', { name: heading }).waitFor();
  };

  const pick = async (noun: string, implementationName: string) => {
    await page.getByRole('button', { name: `Add ${noun}` }).click();
    await dialog()
      .getByRole('button', { name: `Add ${implementationName}` })
      .click();
    await dialog().getByTestId('provider-form').waitFor();
  };

  const testAndSave = async () => {
    await dialog().getByRole('button', { name: 'Test' }).click();
    // On a failure, the form's text says why (the server's messages are on it).
    await dialog()
      .getByTestId('test-passed')
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await dialog().innerText()}`);
      });
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    await truncateAllTables();
    openLibrary = await FakeOpenLibrary.start();
    indexer = await new FakeNewznab({
      apiKey: 'indexer-key',
      bookSearch: true,
      releases: [{ title: 'J.R.R. Tolkien - The Hobbit (epub)', guid: 'hobbit-epub', size: 2_000_000 }],
    }).start();
    sab = await new FakeSabnzbd('sab-key').start();
    sab.categories.push('books');
    ntfy = await new FakeNtfy().start();
    quire = await startBuiltQuire({
      DATABASE_URL: testDatabaseUrl(),
      METADATA_SOURCE_URL: openLibrary.url,
      COVER_SOURCE_URL: openLibrary.coversUrl,
    });
    apiKey = ((await (await fetch(`${quire.url}/initialize.json`)).json()) as { apiKey: string }).apiKey;
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
    problems = new PageProblems(page, { ignore: hub.status === 404 ? [/\/signalr\//] : [] });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await quire?.stop();
    await Promise.all([openLibrary?.close(), indexer?.stop(), sab?.stop(), ntfy?.stop()]);
  });

  it('signs in and finds the empty indexers page', async () => {
    await page.goto(quire.url);
    await page.getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
    expect(problems.take()).toEqual([expect.stringMatching(/^HTTP 401: GET .*\/initialize\.json$/)]);
    await page.getByLabel('Username').fill(USER);
    await page.locator('input[type=password]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('No authors yet').waitFor();
    await page.getByRole('navigation').getByText('Settings', { exact: true }).click();
    await openSettings('Indexers', 'Indexers');
    await page.getByText('No indexers yet').waitFor();
    expectCleanPage();
  });

  it('a wrong API key fails the test with the server’s message on the API key field; the right one passes', async () => {
    await pick('indexer', 'Newznab');
    await shot('settings-indexer-form');
    await dialog().getByLabel('Name', { exact: true }).fill('Fake Newznab');
    await dialog().getByLabel('URL', { exact: true }).fill(indexer.url);
    const key = dialog().getByLabel('API Key', { exact: true });
    await key.fill('wrong-key');
    await dialog().getByRole('button', { name: 'Test' }).click();
    await dialog().getByText('Invalid API Key').waitFor();
    await shot('settings-indexer-failed-test');
    expect(await errorOf('apiKey')).toContain('Invalid API Key');
    expect(await errorOf('baseUrl')).toBe('');
    await expect(dialog().getByTestId('form-failures').count()).resolves.toBe(0);
    // The failed test is the one 400 the page asked for.
    expect(problems.take()).toEqual([expect.stringMatching(/^HTTP 400: POST .*\/api\/v1\/indexer\/test$/)]);
    await key.fill('indexer-key');
    await testAndSave();
    await page.getByTestId('provider-card').filter({ hasText: 'Fake Newznab' }).waitFor();
    expectCleanPage();
  });

  it('adds a SABnzbd client against the fake, and a remote path mapping', async () => {
    await openSettings('Download clients', 'Download clients');
    await pick('download client', 'SABnzbd');
    await dialog().getByLabel('Name', { exact: true }).fill('Fake SAB');
    await dialog().getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await dialog().getByLabel('Port', { exact: true }).fill(String(sab.port));
    await dialog().getByLabel('API Key', { exact: true }).fill('sab-key');
    await dialog().getByLabel('Category', { exact: true }).fill('books');
    await testAndSave();
    await page.getByTestId('provider-card').filter({ hasText: 'Fake SAB' }).waitFor();
    await page.getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await page.getByLabel('Remote path', { exact: true }).fill('/downloads/');
    await page.getByLabel('Local path', { exact: true }).fill(downloadsDir);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByTestId('remotepathmapping-table').getByText(downloadsDir).waitFor();
    await shot('settings-download-clients');
    expectCleanPage();
  });

  it('adds an ntfy connection that sends its test message to the fake', async () => {
    await openSettings('Connect', 'Connections');
    await pick('connection', 'ntfy.sh');
    await dialog().getByLabel('Name', { exact: true }).fill('Phone');
    await dialog().getByLabel('On Grab', { exact: true }).check();
    await dialog().getByLabel('Server Url', { exact: true }).fill(ntfy.url);
    await dialog().getByLabel('Topics', { exact: true }).fill('quire-books');
    await dialog().getByLabel('Topics', { exact: true }).press('Enter');
    await shot('settings-connection-form');
    await testAndSave();
    expect(ntfy.published.length).toBeGreaterThan(0);
    await page.getByTestId('provider-card').filter({ hasText: 'Phone' }).waitFor();
    expectCleanPage();
  });

  it('adds a root folder (with its free space) and changes the naming with a live example', async () => {
    await openSettings('Media management', 'Media management');
    await page.getByText('No root folder yet').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Books');
    await page.getByLabel('Path', { exact: true }).fill(booksDir);
    await page.getByRole('button', { name: 'Add root folder' }).click();
    const row = page.getByTestId('root-folders').getByRole('row').filter({ hasText: booksDir });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/ of /); // free space of total space
    const format = page.getByLabel('Standard book format', { exact: true });
    await format.fill('{Author Name} - {Book Title}{ (PartNumber)}');
    // The saved default starts with a book folder ("The Book Title/…"); the live example follows the unsaved input.
    await page
      .getByTestId('naming-example')
      .filter({ hasText: /^The Author Name - The Edition Title/ })
      .first()
      .waitFor()
      .catch(async (error: Error) => {
        const shown = await page.getByTestId('naming-example').allInnerTexts();
        throw new Error(`${error.message}\nexamples shown: ${JSON.stringify(shown)}`);
      });
    // A format the server refuses shows no example, and saving it shows the server's message on the input.
    await format.fill('{Author Name}');
    await page.getByText('Invalid format').first().waitFor();
    await page.getByRole('button', { name: 'Save naming' }).click();
    await page.getByText('Must contain Book Title AND PartNumber, OR Original Title').waitFor();
    expect(problems.take()).toEqual([expect.stringMatching(/^HTTP 400: PUT .*\/api\/v1\/config\/naming$/)]);
    await format.fill('{Author Name} - {Book Title}{ (PartNumber)}');
    await page.getByRole('button', { name: 'Save naming' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await shot('settings-media-management');
    expectCleanPage();
  });

  it('sets a quality profile’s cutoff', async () => {
    await openSettings('Profiles', 'Quality profiles');
    await page.getByTestId('quality-profile-card').filter({ hasText: 'eBook' }).click();
    await dialog().getByLabel('Upgrade until (cutoff)', { exact: true }).click();
    await page.getByRole('option', { name: 'EPUB', exact: true }).click();
    await shot('settings-quality-profile');
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByTestId('quality-profile-card').filter({ hasText: 'Cutoff: EPUB' }).waitFor();
    const profiles = await api<{ name: string; cutoff: number }[]>('qualityprofile');
    expect(profiles.find((profile) => profile.name === 'eBook')?.cutoff).toBe(3); // EPUB
    expectCleanPage();
  });

  it('adds a tag and shows where each is used', async () => {
    await openSettings('Tags', 'Tags');
    await page.getByText('No tags yet').waitFor();
    await page.getByLabel('New tag', { exact: true }).fill('ebooks');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByTestId('tag-card').filter({ hasText: 'ebooks' }).filter({ hasText: 'Not used' }).waitFor();
    const [tag] = await api<{ id: number }[]>('tag');
    const [stored] = await api<Record<string, unknown>[]>('indexer');
    await api(`indexer/${String(stored.id)}`, { method: 'PUT', body: { ...stored, tags: [tag.id] } });
    await page.reload();
    await page.getByTestId('tag-card').filter({ hasText: 'Used by 1 indexer' }).waitFor();
    await shot('settings-tags');
    expectCleanPage();
  });

  it('after a reload everything is saved, secrets masked, and the stored key still passes the test', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Tags' }).waitFor();
    await openSettings('Connect', 'Connections');
    await page.getByTestId('provider-card').filter({ hasText: 'Phone' }).click();
    expect(await dialog().getByLabel('On Grab', { exact: true }).isChecked()).toBe(true);
    await dialog().getByText('quire-books').waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });

    await openSettings('Indexers', 'Indexers');
    await page.getByTestId('provider-card').filter({ hasText: 'Fake Newznab' }).click();
    const key = dialog().getByLabel('API Key', { exact: true });
    expect(await key.inputValue()).toBe('********');
    expect(await dialog().getByLabel('URL', { exact: true }).inputValue()).toBe(indexer.url);
    // Unchanged, the masked key is sent back as is: the server tests (and keeps) the stored one.
    await testAndSave();
    await shot('settings-indexers');

    const indexers =
      await api<{ name: string; enableRss: boolean; fields: { name: string; value: unknown }[] }[]>('indexer');
    expect(indexers).toEqual([expect.objectContaining({ name: 'Fake Newznab', enableRss: true })]);
    expect(indexers[0].fields.find((field) => field.name === 'apiKey')?.value).toBe('********');
    const clients = await api<{ name: string; enable: boolean }[]>('downloadclient');
    expect(clients).toEqual([expect.objectContaining({ name: 'Fake SAB', enable: true })]);
    const connections =
      await api<{ name: string; onGrab: boolean; fields: { name: string; value: unknown }[] }[]>('notification');
    expect(connections).toEqual([expect.objectContaining({ name: 'Phone', onGrab: true })]);
    expect(connections[0].fields.find((field) => field.name === 'topics')?.value).toEqual(['quire-books']);
    expect(await api<{ path: string }[]>('rootfolder')).toEqual([expect.objectContaining({ path: booksDir })]);
    expect(await api<{ standardBookFormat: string }>('config/naming')).toMatchObject({
      standardBookFormat: '{Author Name} - {Book Title}{ (PartNumber)}',
    });
    expect(await api<{ localPath: string }[]>('remotepathmapping')).toEqual([
      expect.objectContaining({ localPath: downloadsDir }),
    ]);
    expectCleanPage();
  });
});
