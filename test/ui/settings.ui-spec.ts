import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { FakeBookInfo } from '../fakes/book-info.fake';
import { FakeNtfy } from '../fakes/ntfy.fake';
import { FakeReadarrApi } from '../fakes/readarr-api-fake';
import { expectEventually, UiWorld } from './ui-world';

/**
 * Settings in a real browser against the built Quire, set up from a fresh start entirely from the UI: providers are
 * added from the schema-driven form only — a Newznab indexer against the fake indexer (a wrong key first: the
 * server's message lands on the API key field), a SABnzbd client against the fake, an ntfy connection against the
 * fake, a Readarr import list against a fake Readarr (a root folder picked from the options it lists) — then
 * profiles, quality definitions, custom formats, the General (proxy)/Metadata/UI/Development pages (the metadata source
 * switched to a fake BookInfo server by its URL alone, then back by its type), a tag on an author; a reload finds them
 * saved, their secrets masked and still working. No console error and no failed request beyond the expected 400s.
 */
describe('web UI: settings', () => {
  const world = new UiWorld();
  let page: Page;
  let ntfy: FakeNtfy;
  let readarr: FakeReadarrApi;
  let bookInfo: FakeBookInfo;
  const booksDir = mkdtempSync(join(tmpdir(), 'quire-ui-settings-'));
  // Folders inside, for the folder browser to show.
  for (const genre of ['Fantasy', 'Science fiction']) mkdirSync(join(booksDir, genre));
  const downloadsDir = `${mkdtempSync(join(tmpdir(), 'quire-ui-downloads-'))}/`;

  const api = <T>(path: string, init: { method?: string; body?: unknown } = {}) => world.api<T>(path, init);
  const shot = (name: string) => world.shot(name);
  const expectCleanPage = () => expect(world.problems.take()).toEqual([]);
  const dialog = () => page.getByRole('dialog');

  /** The error text drawn under a provider field, inside that field's own wrapper. */
  const errorOf = async (field: string): Promise<string> => {
    const error = dialog().locator(`[data-field-wrapper="${field}"] [class*="-error"]`);
    return (await error.count()) === 0 ? '' : ((await error.first().textContent()) ?? '');
  };

  const openSettings = async (label: string, heading: string) => {
    if (await dialog().count()) await page.keyboard.press('Escape'); // a failed step's form left open
    await page.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  };

  const pick = async (noun: string, implementationName: string) => {
    await page.getByRole('button', { name: `Add ${noun}` }).click();
    await dialog()
      .getByRole('button', { name: `Custom ${implementationName}` })
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
    await saveDialog();
  };

  const saveDialog = async () => {
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await dialog()
      .waitFor({ state: 'detached' })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await dialog().innerText()}`);
      });
  };

  beforeAll(async () => {
    ntfy = await new FakeNtfy().start();
    readarr = await new FakeReadarrApi('readarr-key').start();
    bookInfo = await FakeBookInfo.start();
    // The metadata source is the stored setting (no METADATA_SOURCE_URL), for the Development page to switch it.
    await world.start({ METADATA_SOURCE_URL: '' }, { fresh: true });
    await api('config/development', {
      method: 'PUT',
      body: { metadataSource: world.openLibrary.url, metadataSourceType: 'openLibrary' },
    });
    page = world.page;
  }, 120_000);

  afterAll(async () => {
    await world.stop();
    await Promise.all([ntfy?.stop(), readarr?.stop(), bookInfo?.stop()]);
  });

  /** A change of metadata source type re-matches the library: that command is let finish. */
  const rematchDone = () =>
    expectEventually(async () => {
      const commands = await api<{ name: string; status: string }[]>('command');
      expect(commands.filter((command) => ['queued', 'started'].includes(command.status))).toEqual([]);
    }, 60_000);

  it('creates the login on a fresh Quire and finds the empty indexers page', async () => {
    await world.signIn();
    await page.getByText('No authors yet').waitFor();
    await page.getByRole('navigation').getByText('Settings', { exact: true }).click();
    await openSettings('Indexers', 'Indexers');
    await page.getByText('No indexers yet').waitFor();
    expectCleanPage();
  });

  it('a preset fills in the indexer’s URL', async () => {
    await page.getByRole('button', { name: 'Add indexer' }).click();
    const newznab = dialog()
      .locator('.mantine-Card-root')
      .filter({ hasText: /^Newznab/ });
    await newznab.getByRole('button', { name: 'Presets' }).click();
    await page.getByRole('menuitem', { name: 'NZBgeek', exact: true }).click();
    await dialog().getByTestId('provider-form').waitFor();
    expect(await dialog().getByLabel('Name', { exact: true }).inputValue()).toBe('NZBgeek');
    expect(await dialog().getByLabel('URL', { exact: true }).inputValue()).toBe('https://api.nzbgeek.info');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expectCleanPage();
  });

  it('a wrong API key fails the test with the server’s message on the API key field; the right one passes', async () => {
    await pick('indexer', 'Newznab');
    await shot('settings-indexer-form');
    await dialog().getByLabel('Name', { exact: true }).fill('Fake Newznab');
    await dialog().getByLabel('URL', { exact: true }).fill(world.indexer.url);
    const key = dialog().getByLabel('API Key', { exact: true });
    await key.fill('wrong-key');
    await dialog().getByRole('button', { name: 'Test' }).click();
    await dialog().getByText('Invalid API Key').waitFor();
    await shot('settings-indexer-failed-test');
    expect(await errorOf('apiKey')).toContain('Invalid API Key');
    expect(await errorOf('baseUrl')).toBe('');
    await expect(dialog().getByTestId('form-failures').count()).resolves.toBe(0);
    // The failed test is the one 400 the page asked for.
    expect(world.problems.take()).toEqual([expect.stringMatching(/^HTTP 400: POST .*\/api\/v1\/indexer\/test$/)]);
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
    await dialog().getByLabel('Port', { exact: true }).fill(String(world.sab.port));
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
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Books');
    // The path is chosen in the folder browser: from the temporary folder into the books folder.
    await page.getByRole('button', { name: 'Browse Path' }).click();
    await dialog().getByTestId('folder-browser-path').fill(`${tmpdir()}/`);
    await dialog()
      .getByTestId('folder-entry')
      .filter({ hasText: basename(booksDir) })
      .click();
    await dialog().getByTestId('folder-entry').filter({ hasText: 'Fantasy' }).waitFor();
    expect(await dialog().getByTestId('folder-browser-path').inputValue()).toBe(`${booksDir}/`);
    await shot('settings-folder-browser');
    await dialog().getByRole('button', { name: 'Choose' }).click();
    expect(await page.getByRole('textbox', { name: 'Path', exact: true }).inputValue()).toBe(`${booksDir}/`);
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
    expect(world.problems.take()).toEqual([expect.stringMatching(/^HTTP 400: PUT .*\/api\/v1\/config\/naming$/)]);
    await format.fill('{Author Name} - {Book Title}{ (PartNumber)}');
    await page.getByRole('button', { name: 'Save naming' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await shot('settings-media-management');
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

  it('a Readarr import list: a wrong key shows the server’s message on the field, the right one passes', async () => {
    await openSettings('Import lists', 'Import lists');
    await page.getByText('No import lists yet').waitFor();
    await pick('import list', 'Readarr');
    await dialog().getByLabel('Name', { exact: true }).fill('Other Readarr');
    await dialog().getByLabel('Full URL', { exact: true }).fill(readarr.url);
    await dialog().getByLabel('API Key', { exact: true }).fill('wrong-key');
    for (const label of ['Root folder', 'Quality profile', 'Metadata profile']) {
      await dialog().getByLabel(label, { exact: true }).click();
      await page.getByRole('option').first().click();
    }
    await dialog().getByRole('button', { name: 'Test' }).click();
    await dialog().getByText('Invalid API Key').waitFor();
    expect(await errorOf('apiKey')).toContain('Invalid API Key');
    await shot('settings-import-list-failed-test');
    expect(world.problems.take()).toEqual([expect.stringMatching(/^HTTP 400: POST .*\/api\/v1\/importlist\/test$/)]);
    await dialog().getByLabel('API Key', { exact: true }).fill('readarr-key');
    // The other instance's folders are asked for with the key now typed; a path is sent as the string it is.
    await dialog().getByLabel('Root Folders', { exact: true }).click();
    await page.getByRole('option', { name: '/audiobooks/', exact: true }).click();
    await dialog().getByLabel('Name', { exact: true }).click(); // closes the options
    await testAndSave();
    await page.getByTestId('provider-card').filter({ hasText: 'Other Readarr' }).waitFor();
    const lists =
      await api<{ name: string; rootFolderPath: string; fields: { name: string; value: unknown }[] }[]>('importlist');
    expect(lists).toEqual([expect.objectContaining({ name: 'Other Readarr', rootFolderPath: booksDir })]);
    expect(lists[0].fields.find((field) => field.name === 'rootFolderPaths')?.value).toEqual(['/audiobooks/']);
    expectCleanPage();
  });

  it('adds a custom format: an empty condition shows the server’s message on its field', async () => {
    await openSettings('Custom formats', 'Custom formats');
    await page.getByText('No custom formats yet').waitFor();
    await page.getByRole('button', { name: 'Add custom format' }).click();
    await dialog().getByLabel('Name', { exact: true }).fill('Retail');
    await dialog().getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('menuitem', { name: 'Release Title' }).click();
    const condition = dialog().getByTestId('condition');
    await condition.getByLabel('Condition name', { exact: true }).fill('Retail in title');
    await dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await condition.locator('[data-field-wrapper="value"]').getByText("'Value' must not be empty.").waitFor();
    expect(await dialog().getByTestId('form-failures').count()).toBe(0); // on its field only
    expect(world.problems.take()).toEqual([expect.stringMatching(/^HTTP 400: POST .*\/api\/v1\/customformat$/)]);
    await shot('settings-custom-format');
    await condition.getByLabel('Regular Expression', { exact: true }).fill('\\bretail\\b');
    await saveDialog();
    await page.getByTestId('custom-format-card').filter({ hasText: 'Retail in title' }).waitFor();
    const [format] = await api<{ name: string; specifications: { fields: { value: unknown }[] }[] }[]>('customformat');
    expect(format).toMatchObject({ name: 'Retail' });
    expect(format.specifications[0].fields[0].value).toBe('\\bretail\\b');
    expectCleanPage();
  });

  it('sets a quality profile’s cutoff and a custom format score', async () => {
    // The new format made the cached profiles stale: their fresh list (with the format) is read on the way in.
    const fresh = page.waitForResponse((response) => /\/api\/v1\/qualityprofile$/.test(response.url()));
    await openSettings('Profiles', 'Quality profiles');
    await fresh;
    await page.getByTestId('quality-profile-card').filter({ hasText: 'eBook' }).click();
    await dialog().getByLabel('Upgrade until (cutoff)', { exact: true }).click();
    await page.getByRole('option', { name: 'EPUB', exact: true }).click();
    await dialog().getByLabel('Score of Retail', { exact: true }).fill('100');
    await shot('settings-quality-profile');
    await saveDialog();
    await page
      .getByTestId('quality-profile-card')
      .filter({ hasText: 'Cutoff: EPUB' })
      .filter({ hasText: 'Retail +100' })
      .waitFor();
    const profiles =
      await api<{ name: string; cutoff: number; formatItems: { name: string; score: number }[] }[]>('qualityprofile');
    const ebook = profiles.find((profile) => profile.name === 'eBook');
    expect(ebook?.cutoff).toBe(3); // EPUB
    expect(ebook?.formatItems).toEqual([expect.objectContaining({ name: 'Retail', score: 100 })]);
    expectCleanPage();
  });

  it('adds a metadata profile, a release profile and two delay profiles, and reorders those', async () => {
    await page.getByRole('button', { name: 'Add metadata profile' }).click();
    await dialog().getByLabel('Name', { exact: true }).fill('Long books');
    await dialog().getByLabel('Minimum pages', { exact: true }).fill('300');
    await saveDialog();
    await page
      .getByTestId('metadata-profile-card')
      .filter({ hasText: 'Long books' })
      .filter({ hasText: 'pages ≥ 300' })
      .waitFor();

    await page.getByRole('button', { name: 'Add release profile' }).click();
    await dialog().getByLabel('Must contain', { exact: true }).fill('epub');
    await dialog().getByLabel('Must contain', { exact: true }).press('Enter');
    await saveDialog();
    await page.getByTestId('release-profile-card').filter({ hasText: 'epub' }).waitFor();

    // A delay profile needs a tag of its own: the second one uses a tag made here.
    const audio = await api<{ id: number }>('tag', { method: 'POST', body: { label: 'audio' } });
    for (const [tag, delay] of [
      ['ebooks', '60'],
      ['audio', '5'],
    ]) {
      await page.getByRole('button', { name: 'Add delay profile' }).click();
      await dialog().getByLabel('Usenet delay', { exact: true }).fill(delay);
      await dialog().getByLabel('Tags', { exact: true }).click();
      await page.getByRole('option', { name: tag, exact: true }).click();
      await dialog().getByLabel('Usenet delay', { exact: true }).click(); // closes the tag list
      await saveDialog();
    }
    const rows = page.getByTestId('delay-profile-row');
    await rows.filter({ hasText: 'Usenet 5 min' }).waitFor();
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringContaining('Usenet 60 min'),
      expect.stringContaining('Usenet 5 min'),
      expect.stringContaining('Everything else'),
    ]);
    await rows.nth(1).getByRole('button', { name: 'Move up' }).click();
    await rows.first().filter({ hasText: 'Usenet 5 min' }).waitFor();
    const ordered = await api<{ tags: number[] }[]>('delayprofile');
    expect(ordered.map((profile) => profile.tags)).toEqual([[audio.id], [expect.any(Number)], []]);
    await shot('settings-profiles');
    expectCleanPage();
  });

  it('quality definitions: a size slider, a guarded navigation away, and save all', async () => {
    await openSettings('Quality', 'Quality definitions');
    const epub = page.getByTestId('quality-definition-row').filter({ hasText: 'EPUB' });
    await epub.getByRole('slider', { name: 'Maximum size of EPUB' }).focus();
    for (let step = 0; step < 10; step++) await page.keyboard.press('ArrowLeft');
    await epub.getByTestId('max-size').filter({ hasText: '340 MB' }).waitFor();
    await shot('settings-quality-definitions');
    // Leaving with unsaved changes asks first; staying keeps them.
    await page.getByRole('navigation').getByRole('link', { name: 'General', exact: true }).click();
    await page.getByRole('dialog', { name: 'Unsaved changes' }).waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toMatch(/\/settings\/quality$/);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    const definitions = await api<{ quality: { name: string }; maxSize: number | null }[]>('qualitydefinition');
    expect(definitions.find((definition) => definition.quality.name === 'EPUB')?.maxSize).toBe(340);
    // Reloading the tab with unsaved changes gets the browser's own question (beforeunload); the world leaves.
    await epub.getByRole('slider', { name: 'Maximum size of EPUB' }).focus();
    await page.keyboard.press('ArrowLeft');
    await epub
      .getByTestId('max-size')
      .filter({ hasText: /^(?!340 MB)/ })
      .waitFor();
    const asked = world.leaveQuestions;
    await page.reload();
    expect(world.leaveQuestions).toBe(asked + 1);
    await page
      .getByTestId('quality-definition-row')
      .filter({ hasText: 'EPUB' })
      .getByTestId('max-size')
      .filter({ hasText: '340 MB' })
      .waitFor();
    // Saved: nothing holds the navigation any more.
    await openSettings('General', 'General');
    expectCleanPage();
  });

  it('General: the API key is copied, and a reset shows the new key while the UI keeps working', async () => {
    await world.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.quire.url });
    const key = page.getByTestId('settings-api-key');
    const before = await key.inputValue();
    expect(before).toBe(world.apiKey);
    await page.getByRole('button', { name: 'Copy API key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(before);
    await page.getByRole('button', { name: 'Reset API key' }).click();
    await page.getByTestId('api-key-reset').waitFor();
    const after = await key.inputValue();
    expect(after).not.toBe(before);
    expect(after).toMatch(/^[0-9a-f]{32}$/);
    await shot('settings-general');
    // The old key is refused, the new one works; the page goes on working with it.
    await expect(api('system/status')).rejects.toThrow(/401/);
    world.apiKey = after;
    await api('system/status');
    await openSettings('Indexers', 'Indexers');
    await page.getByTestId('provider-card').filter({ hasText: 'Fake Newznab' }).waitFor();
    expectCleanPage();
  });

  it('General: a proxy is saved with its password masked, and kept by a later save', async () => {
    await openSettings('General', 'General');
    await page.getByLabel('Use a proxy', { exact: true }).check();
    await page.getByLabel('Proxy hostname', { exact: true }).fill('proxy.example');
    await page.getByLabel('Proxy port', { exact: true }).fill('3128');
    await page.getByLabel('Proxy username', { exact: true }).fill('reader');
    await page.getByLabel('Proxy password', { exact: true }).fill('proxy-secret');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    type Proxy = { proxyEnabled: boolean; proxyHostname: string; proxyPort: number; proxyPassword: string };
    const saved = { proxyEnabled: true, proxyHostname: 'proxy.example', proxyPort: 3128, proxyPassword: '********' };
    expect(await api<Proxy>('config/host')).toMatchObject(saved);
    expect(await page.getByLabel('Proxy password', { exact: true }).inputValue()).toBe('********');
    // Saved again with the masked password untouched: the stored one stays.
    await page.getByLabel('Proxy port', { exact: true }).fill('3129');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect(await api<Proxy>('config/host')).toMatchObject({ ...saved, proxyPort: 3129 });
    await shot('settings-general-proxy');
    expectCleanPage();
  });

  it('Metadata: the metadata source settings are saved beside the metadata consumers', async () => {
    await openSettings('Metadata', 'Metadata consumers');
    await page.getByRole('heading', { name: 'Metadata source and tags' }).waitFor();
    await page.getByLabel('User-Agent', { exact: true }).fill('Quire UI test');
    await page.getByLabel('Scrub existing audio tags', { exact: true }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect(await api('config/metadataprovider')).toMatchObject({ userAgent: 'Quire UI test', scrubAudioTags: true });
    await shot('settings-metadata');
    expectCleanPage();
  });

  it('UI and Development pages save their settings', async () => {
    await openSettings('UI', 'UI');
    await page.getByRole('combobox', { name: 'First day of week' }).click();
    await page.getByRole('option', { name: 'Monday', exact: true }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect(await api<{ firstDayOfWeek: number }>('config/ui')).toMatchObject({ firstDayOfWeek: 1 });
    await openSettings('Development', 'Development');
    await page.getByLabel('Log files kept', { exact: true }).fill('7');
    // Only the URL changes: Quire asks that server which protocol it speaks, as for a Readarr client.
    await page.getByLabel('Metadata source', { exact: true }).fill(bookInfo.url);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    type Development = { logRotate: number; metadataSource: string; metadataSourceType: string };
    expect(await api<Development>('config/development')).toMatchObject({
      logRotate: 7,
      metadataSource: bookInfo.url,
      metadataSourceType: 'bookInfo',
    });
    expect(bookInfo.requestsTo('/author/changed').length).toBeGreaterThan(0);
    const type = page.getByRole('combobox', { name: 'Metadata source type' });
    expect(await type.inputValue()).toBe('BookInfo (rreading-glasses)');
    await rematchDone();
    // Back to Open Library with its type picked: sent as chosen.
    await page.getByLabel('Metadata source', { exact: true }).fill(world.openLibrary.url);
    await type.click();
    await page.getByRole('option', { name: 'Open Library', exact: true }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect(await api<Development>('config/development')).toMatchObject({
      metadataSource: world.openLibrary.url,
      metadataSourceType: 'openLibrary',
    });
    await rematchDone();
    await shot('settings-development');
    expectCleanPage();
  });

  it('tags an author from its edit dialog; the tag shows on the author and in the tag’s uses', async () => {
    await world.addTolkien();
    const [author] = await api<{ id: number; titleSlug: string }[]>('author');
    await page.goto(`${world.quire.url}/author/${author.titleSlug}`);
    await page.getByRole('heading', { name: 'J.R.R. Tolkien' }).waitFor();
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    await dialog().getByLabel('Tags', { exact: true }).click();
    await page.getByRole('option', { name: 'ebooks', exact: true }).click();
    await dialog().getByLabel('Path', { exact: true }).click(); // closes the tag list
    await shot('author-edit-tags');
    await saveDialog();
    await page.getByRole('main').getByText('ebooks', { exact: true }).waitFor();
    // By address: a CI run once timed out here after clicking into the Settings group while it was still
    // unfolding (the likely cause; not reproduced since).
    await page.goto(`${world.quire.url}/settings/tags`);
    await page.getByRole('heading', { name: 'Tags', exact: true }).waitFor();
    await page.getByTestId('tag-card').filter({ hasText: 'ebooks' }).filter({ hasText: '1 author' }).waitFor();
    expectCleanPage();
  });

  it('after a reload everything is saved, secrets masked, and the stored key still passes the test', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Tags' }).waitFor();
    await page.getByTestId('tag-card').filter({ hasText: 'ebooks' }).filter({ hasText: '1 author' }).waitFor();
    const tags = await api<{ id: number; label: string }[]>('tag');
    const ebooks = tags.find((tag) => tag.label === 'ebooks');
    expect(await api<{ authorName: string; tags: number[] }[]>('author')).toEqual([
      expect.objectContaining({ authorName: 'J.R.R. Tolkien', tags: [ebooks?.id] }),
    ]);

    await openSettings('Profiles', 'Quality profiles');
    await page.getByTestId('quality-profile-card').filter({ hasText: 'eBook' }).click();
    expect(await dialog().getByLabel('Upgrade until (cutoff)', { exact: true }).inputValue()).toBe('EPUB');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await page.getByTestId('quality-profile-card').filter({ hasText: 'Cutoff: EPUB' }).waitFor();

    await openSettings('General', 'General');
    expect(await page.getByLabel('Proxy password', { exact: true }).inputValue()).toBe('********');
    expect(await page.getByLabel('Proxy hostname', { exact: true }).inputValue()).toBe('proxy.example');
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
    expect(await dialog().getByLabel('URL', { exact: true }).inputValue()).toBe(world.indexer.url);
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
