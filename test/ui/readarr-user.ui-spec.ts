import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expectAccessible, expectFitsWidth, PHONE_WIDTH } from './accessibility';
import { expectEventually, PASSWORD, UiWorld, USER } from './ui-world';

/**
 * A former Readarr user's first hour, from a fresh Quire (no root folder, indexer nor client): the first-run form,
 * the sign-in page, a root folder, the book and list pages, what the words say, the dead ends (no indexer yet, a
 * new tag, the OPDS address), the keyboard, and every page on a phone. Every page visited must log no console
 * error and no failed request.
 */
describe('web UI: a Readarr user’s walk', () => {
  const world = new UiWorld();
  const page = () => world.page;
  const url = (path: string) => `${world.quire.url}${path}`;
  const expectCleanPage = () => expect(world.problems.take()).toEqual([]);
  const booksDir = mkdtempSync(join(tmpdir(), 'quire-ui-walk-'));
  let hobbitSlug = '';
  let tolkienSlug = '';

  const addAuthor = async (name: string) => {
    const [author] = await world.api<Record<string, unknown>[]>(`author/lookup?term=${encodeURIComponent(name)}`);
    const [folder] = await world.api<{ path: string }[]>('rootfolder');
    const created = await world.api<{ id: number; titleSlug: string }>('author', {
      method: 'POST',
      body: {
        ...author,
        qualityProfileId: 1,
        metadataProfileId: 1,
        rootFolderPath: folder.path,
        monitored: true,
        addOptions: { monitor: 'all', searchForMissingBooks: false },
      },
    });
    await expectEventually(async () => {
      expect((await world.api<unknown[]>(`book?authorId=${created.id}`)).length).toBeGreaterThan(0);
    }, 30_000);
    return created;
  };

  beforeAll(async () => {
    // With `/` as the one browsable root the folder browser starts on the top folder itself.
    await world.start({ FILESYSTEM_ROOTS: '/' }, { fresh: true });
  }, 120_000);

  afterAll(() => world.stop());

  it('first run: a password under the stated minimum is refused with the reason; a long one creates the login', async () => {
    await page().goto(world.quire.url);
    await page().getByRole('heading', { name: 'Welcome to Quire' }).waitFor();
    await page().getByText('At least 8 characters').waitFor();
    await page().getByLabel('Username').fill(USER);
    await page().locator('input[type=password]').nth(0).fill('short');
    await page().locator('input[type=password]').nth(1).fill('short');
    await page().getByRole('button', { name: 'Create login' }).click();
    await page().getByRole('alert').filter({ hasText: 'use at least 8 characters' }).waitFor();
    expect((await world.api<{ authenticationMethod: string }>('config/host')).authenticationMethod).toBe('none');
    await page().locator('input[type=password]').nth(0).fill(PASSWORD);
    await page().locator('input[type=password]').nth(1).fill(PASSWORD);
    await page().getByRole('button', { name: 'Create login' }).click();
    await page().getByTestId('live-state').filter({ hasText: 'live' }).waitFor();
    expectCleanPage();
  });

  it('the sign-in page opens without a failed request (no 401 in the console)', async () => {
    await page().getByRole('button', { name: 'Sign out' }).click();
    await page().getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
    await page().reload();
    await page().getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
    expectCleanPage();
    // The API itself still refuses a visitor without a session.
    expect((await fetch(url('/initialize.json'))).status).toBe(401);
    await page().getByLabel('Username').fill(USER);
    await page().locator('input[type=password]').fill(PASSWORD);
    await page().getByRole('button', { name: 'Sign in' }).click();
    await page().getByText('No authors yet').waitFor();
    expectCleanPage();
  });

  it('root folder: Name is required and follows the folder chosen; the browser lists the top as /; ebook naming example', async () => {
    await page().goto(url('/settings/mediamanagement'));
    const name = page().getByRole('textbox', { name: 'Name', exact: true });
    expect(await name.getAttribute('required')).not.toBeNull();
    await page().getByRole('button', { name: 'Browse Path' }).click();
    const dialog = page().getByRole('dialog');
    const entries = dialog.getByTestId('folder-entry');
    await entries.first().waitFor();
    expect(await entries.allInnerTexts()).toEqual(['/']);
    await dialog.getByTestId('folder-browser-path').fill(`${booksDir}/`);
    await dialog.getByText('No folders here').waitFor();
    await dialog.getByRole('button', { name: 'Choose' }).click();
    expect(await name.inputValue()).toBe(basename(booksDir));
    await page().getByRole('button', { name: 'Add root folder' }).click();
    await page().getByTestId('root-folders').getByRole('row').filter({ hasText: booksDir }).waitFor();
    const ebook = page()
      .getByText(/^Ebook:/)
      .getByTestId('naming-example');
    await expectEventually(async () => expect(await ebook.innerText()).toMatch(/\.epub$/));
    expect(
      await page()
        .getByText(/^Audiobook:/)
        .getByTestId('naming-example')
        .innerText(),
    ).toMatch(/\.mp3$/);
    expectCleanPage();
  });

  it('book page: the author by name, linked, and the description; no indexer yet: interactive search says where to add one', async () => {
    const tolkien = await addAuthor('J.R.R. Tolkien');
    tolkienSlug = tolkien.titleSlug;
    const books = await world.api<{ title: string; titleSlug: string }[]>(`book?authorId=${tolkien.id}`);
    hobbitSlug = books.find((book) => book.title === 'The Hobbit')!.titleSlug;
    await page().goto(url(`/book/${hobbitSlug}`));
    await page().getByRole('heading', { name: 'The Hobbit' }).waitFor();
    const author = page().getByRole('link', { name: 'J.R.R. Tolkien', exact: true });
    expect(await author.getAttribute('href')).toBe(`/author/${tolkienSlug}`);
    await expectEventually(async () =>
      expect((await page().getByTestId('book-overview').innerText()).length).toBeGreaterThan(20),
    );
    // One meaning per word: the automatic search and the interactive one say which they are.
    await page().getByRole('button', { name: 'Search automatically', exact: true }).waitFor();
    await page().getByRole('button', { name: 'Interactive search', exact: true }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByText('No indexer is set up for interactive search').waitFor();
    await expectAccessible(page(), 'interactive search without an indexer');
    await dialog.getByRole('link', { name: 'Add an indexer in Settings → Indexers' }).click();
    await page().getByRole('heading', { name: 'Indexers', exact: true }).waitFor();
    expectCleanPage();
  });

  it('books index: authors by display name under column headers; authors table: headers and no gaps after Overview', async () => {
    await addAuthor('Terry Pratchett');
    await page().goto(url('/books'));
    await page().getByTestId('book-row').first().waitFor();
    const header = page().getByTestId('books-header');
    for (const column of ['Title', 'Author', 'Released', 'Status'])
      await header.getByText(column, { exact: true }).waitFor();
    const hobbit = page().getByTestId('book-row').filter({ hasText: 'The Hobbit' }).first();
    await hobbit.waitFor();
    expect(await hobbit.getByTestId('book-author').innerText()).toBe('J.R.R. Tolkien');
    await world.shot('books-index-walk');

    await page().goto(url('/'));
    await page().getByText('Overview', { exact: true }).click();
    await page().getByTestId('authors-overview').waitFor();
    await page().getByText('Table', { exact: true }).click();
    const rows = page().getByTestId('author-row');
    await rows.nth(1).waitFor();
    for (const column of ['Author', 'Quality profile', 'Size on disk'])
      await page().getByTestId('authors-header').getByText(column, { exact: true }).waitFor();
    const [first, second] = [await rows.nth(0).boundingBox(), await rows.nth(1).boundingBox()];
    // Row after row, 44 px apart: the overview's 150 px spacing kept would leave a gap under each.
    expect(Math.round(second!.y - first!.y)).toBe(44);
    await world.shot('authors-table');
    expectCleanPage();
  });

  it('words: versions say whose they are, the live badge and health levels are plain words, buttons are named as shown', async () => {
    await page().goto(url('/system/status'));
    const version = await world.api<{ packageVersion: string; version: string }>('system/status');
    expect(await page().getByTestId('quire-version').innerText()).toBe(`Quire ${version.packageVersion}`);
    const about = page().getByTestId('about');
    await about.getByRole('row', { name: `Quire version ${version.packageVersion}` }).waitFor();
    await about.getByRole('row', { name: `Readarr API level ${version.version}` }).waitFor();
    const live = page().getByTestId('live-state');
    expect(await live.innerText()).toBe('Updating live');
    expect(await live.getAttribute('title')).toMatch(/as they happen/);
    // No indexer and no client: health has warnings, in words, whole (not cut to "WARNI…").
    const level = page().getByTestId('health-row').first().locator('.mantine-Badge-root');
    await level.waitFor();
    expect(['Notice', 'Warning', 'Error']).toContain(await level.innerText());
    expect(await level.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await page().getByRole('link', { name: 'Wiki' }).count()).toBe(0);

    await page().goto(url('/settings/indexers'));
    await page().getByRole('button', { name: 'Add indexer' }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByRole('button', { name: 'Custom Newznab' }).waitFor();
    // Every button's accessible name starts with the text it shows (what a speech user says is what it is called).
    const mismatched = await dialog
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons
          .map((button) => ({ shown: (button.textContent ?? '').trim(), name: button.getAttribute('aria-label') }))
          .filter(({ shown, name }) => shown && name && !name.toLowerCase().startsWith(shown.toLowerCase())),
      );
    expect(mismatched).toEqual([]);
    await dialog.getByRole('button', { name: 'Custom Newznab' }).click();
    const form = dialog.getByTestId('provider-form');
    await form.waitFor();
    expect(await form.innerText()).not.toMatch(/\bshows\b/i);
    expect(await form.locator('a[href*="wiki.servarr.com"]').count()).toBe(0);
    expectCleanPage();
  });

  it('a new tag is created with Enter in the form’s tag input, and chosen', async () => {
    const form = page().getByRole('dialog').getByTestId('provider-form');
    const tags = form.getByLabel('Tags', { exact: true });
    await tags.fill('ebooks');
    await form.getByText('Press Enter to create the tag “ebooks”').waitFor();
    await tags.press('Enter');
    await expectEventually(async () =>
      expect((await world.api<{ label: string }[]>('tag')).map((tag) => tag.label)).toEqual(['ebooks']),
    );
    await form.locator('.mantine-Pill-root', { hasText: 'ebooks' }).waitFor();
    await page().keyboard.press('Escape');
    await page().keyboard.press('Escape');
    await page().getByRole('dialog').waitFor({ state: 'detached' });
    expectCleanPage();
  });

  it('Settings → General shows the OPDS address and how a reader signs in; the address answers that sign-in', async () => {
    await page().goto(url('/settings/general'));
    const opds = page().getByTestId('opds');
    const address = await opds.getByTestId('opds-url').inputValue();
    expect(address).toBe(url('/opds'));
    await opds.getByText(USER, { exact: true }).waitFor();
    const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
    const feed = await fetch(address, { headers: { Authorization: basic } });
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('<feed');
    expect((await fetch(address)).status).toBe(401);
    expectCleanPage();
  });

  it('keyboard: every sidebar section is a link reached with Tab; ? lists the shortcuts; s focuses search, Enter opens the first match', async () => {
    await page().goto(url('/'));
    await page().getByTestId('author-row').first().waitFor(); // the table view chosen before is kept
    const reached = new Map<string, string | null>();
    for (let i = 0; i < 60; i++) {
      await page().keyboard.press('Tab');
      const focused = await page().evaluate(() => ({
        text: (document.activeElement?.textContent ?? '').trim(),
        href: document.activeElement?.getAttribute('href') ?? null,
        inNav: Boolean(document.activeElement?.closest('nav')),
      }));
      if (focused.inNav) reached.set(focused.text, focused.href);
    }
    expect(
      Object.fromEntries(['Activity', 'Wanted', 'System', 'Settings'].map((label) => [label, reached.get(label)])),
    ).toEqual({
      Activity: '/activity/queue',
      Wanted: '/wanted/missing',
      System: '/system/status',
      Settings: '/settings/mediamanagement',
    });
    // Enter on a section opens its first page and its sub-pages.
    await page().getByRole('link', { name: 'Wanted', exact: true }).focus();
    await page().keyboard.press('Enter');
    await page().getByRole('heading', { name: 'Missing' }).waitFor();
    await page().getByRole('link', { name: 'Cutoff unmet' }).waitFor();

    await page()
      .locator('body')
      .click({ position: { x: 600, y: 10 } });
    await page().keyboard.press('?');
    const shortcuts = page().getByRole('dialog', { name: 'Keyboard shortcuts' });
    await shortcuts.getByText('Focus the search box').waitFor();
    await shortcuts.getByText('Save changes (settings pages)').waitFor();
    await page().waitForTimeout(400); // the dialog's opening transition: its colours are measured once it is opaque
    await expectAccessible(page(), 'keyboard shortcuts dialog');
    await world.shot('keyboard-shortcuts');
    await page().keyboard.press('Escape');
    await shortcuts.waitFor({ state: 'detached' });
    await page().keyboard.press('s');
    expect(await page().evaluate(() => document.activeElement?.id)).toBe('global-search');
    await page().keyboard.type('tolkien');
    await page().keyboard.press('Enter');
    await page().getByRole('heading', { name: 'J.R.R. Tolkien' }).first().waitFor();
    await page().getByRole('heading', { name: 'J.R.R. Tolkien' }).first().click(); // out of the search box
    await page().keyboard.press('/');
    await page().keyboard.type('no such book anywhere');
    await page().keyboard.press('Enter');
    await page().waitForURL(/\/add\/search\?term=no%20such%20book%20anywhere$/);

    // Ctrl+S saves a settings form, from inside its field too.
    await page().goto(url('/settings/mediamanagement'));
    const format = page().getByLabel('Standard book format', { exact: true });
    await format.fill('{Author Name} - {Book Title}{ (PartNumber)}');
    await format.press('Control+s');
    await page().getByText('Saved', { exact: true }).waitFor();
    expect((await world.api<{ standardBookFormat: string }>('config/naming')).standardBookFormat).toBe(
      '{Author Name} - {Book Title}{ (PartNumber)}',
    );
    expectCleanPage();
  });

  it('Wanted → Cutoff unmet reached through the sidebar shows its list (here: the empty state)', async () => {
    await page().goto(url('/'));
    await page().getByRole('link', { name: 'Wanted', exact: true }).click();
    await page().getByTestId('wanted-row').first().waitFor();
    await page().getByRole('link', { name: 'Cutoff unmet', exact: true }).click();
    await page().getByText('Every book meets its quality cutoff').waitFor({ timeout: 3_000 });
    expectCleanPage();
  });

  it(`on a ${PHONE_WIDTH}×844 phone no page is wider than the screen and the header's controls do not overlap`, async () => {
    await page().setViewportSize({ width: PHONE_WIDTH, height: 844 });
    // goto checks the width of each page (accessibility.ts) on a phone-wide window.
    for (const path of [
      '/',
      `/author/${tolkienSlug}`,
      `/book/${hobbitSlug}`,
      '/books',
      '/activity/queue',
      '/activity/history',
      '/wanted/missing',
      '/system/status',
      '/system/tasks',
      '/system/events',
      '/system/notifications',
    ]) {
      await page().goto(url(path));
      await expectFitsWidth(page(), path);
    }
    await page().goto(url(`/author/${tolkienSlug}`));
    await world.shot('phone-author');
    const boxes = await page()
      .locator('header')
      .evaluate((header) =>
        [...header.querySelectorAll<HTMLElement>('input, button, a, .mantine-Badge-root')]
          .filter((element) => element.offsetParent !== null)
          .map((element) => {
            const box = element.getBoundingClientRect();
            return { what: element.getAttribute('aria-label') ?? element.textContent ?? '', ...box.toJSON() };
          }),
      );
    type Box = { what: string; left: number; right: number; top: number; bottom: number };
    const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const clashes = (boxes as Box[]).flatMap((a, i) =>
      (boxes as Box[])
        .slice(i + 1)
        .filter((b) => overlaps(a, b) && !(a.what.includes(b.what) || b.what.includes(a.what)))
        .map((b) => `${a.what} × ${b.what}`),
    );
    expect(clashes).toEqual([]);
    expect(Math.max(...(boxes as Box[]).map((box) => box.right))).toBeLessThanOrEqual(PHONE_WIDTH);
    // Sign out moved into the menu.
    await page().getByRole('button', { name: 'Menu' }).click();
    await page().getByRole('navigation').getByRole('button', { name: 'Sign out' }).waitFor();
    expectCleanPage();
  });
});
