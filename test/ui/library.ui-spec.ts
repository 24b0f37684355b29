import type { BrowserContext, Page, Request } from 'playwright-core';
import type { FakeSabnzbd } from '../fakes/sabnzbd-fake';
import type { PageProblems } from './browser';
import type { BuiltQuire } from './quire-server';
import { expectEventually, PASSWORD, UiWorld, USER } from './ui-world';

/**
 * The web UI in a real browser (Debian's Chromium through playwright-core) against the built Quire on the test
 * database, with the fake Open Library, a fake Newznab indexer and a fake SABnzbd. One story, step by step:
 * first run, sign in, add one book alone, add an author and watch its books arrive, author and book pages,
 * monitoring, mass editor, interactive search and grab. Every page visited must log no console error and no
 * failed request.
 */
describe('web UI', () => {
  const world = new UiWorld();
  let sab: FakeSabnzbd;
  let quire: BuiltQuire;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let apiKey: string;
  const api = <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => world.api<T>(path, init);

  const shot = (name: string) => world.shot(name);

  /** The check every page visit ends with. */
  const expectCleanPage = () => expect(problems.take()).toEqual([]);

  beforeAll(async () => {
    // The run's database is shared with the other projects' specs: the world starts from empty tables (a first run).
    await world.start();
    ({ sab, quire, context, page, problems, apiKey } = world);
  }, 120_000);

  afterAll(() => world.stop());

  it('first run: asks for the admin login, shows the API key, and signs in with the new login', async () => {
    await page.goto(quire.url);
    await page.getByRole('heading', { name: 'Welcome to Quire' }).waitFor();
    expect(await page.getByTestId('api-key').textContent()).toBe(apiKey);
    await shot('first-run');
    await page.getByLabel('Username').fill(USER);
    await page.locator('input[type=password]').nth(0).fill(PASSWORD);
    await page.locator('input[type=password]').nth(1).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create login' }).click();
    await page.getByText('No authors yet').waitFor();
    const host = await api<{ authenticationMethod: string; username: string }>('config/host');
    expect(host).toMatchObject({ authenticationMethod: 'forms', username: USER });
    expectCleanPage();
  });

  it('once a login exists, /initialize.json needs the session or the key, even from loopback', async () => {
    expect((await fetch(`${quire.url}/initialize.json`)).status).toBe(401);
    expect((await fetch(`${quire.url}/initialize.json?apikey=${apiKey}`)).status).toBe(200);
    const cookies = await context.cookies();
    const session = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    expect((await fetch(`${quire.url}/initialize.json`, { headers: { Cookie: session } })).status).toBe(200);
  });

  it('signs out, refuses a wrong password, and signs in again', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
    await page.getByLabel('Username').fill(USER);
    await page.locator('input[type=password]').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    problems.take(); // the refused sign-in is a 401 on purpose
    await page.locator('input[type=password]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('No authors yet').waitFor();
    expectCleanPage();
  });

  it('adds one book alone; on its author’s page the rest of the catalogue arrives when the refresh ends', async () => {
    await page.getByRole('link', { name: 'Add new' }).click();
    await page.getByLabel('Search the metadata source').fill('The Hobbit');
    const result = page.getByTestId('search-result-book').filter({ hasText: 'The Hobbit' }).first();
    await result.getByRole('button', { name: 'Add book' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add book' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Authors' }).click();
    await page.getByTestId('author-poster').getByRole('link', { name: 'J.R.R. Tolkien' }).last().click();
    await page.getByRole('heading', { name: 'J.R.R. Tolkien' }).waitFor();
    await page.getByTestId('live-state').filter({ hasText: 'live' }).waitFor();
    // No reload: the works the author's refresh adds appear when it ends (live message, or command polling).
    await page
      .getByTestId('book-row')
      .filter({ hasText: 'The Lord of the Rings' })
      .first()
      .waitFor({ timeout: 30_000 });
    await shot('author-detail');
    const books = await api<{ title: string; monitored: boolean }[]>('book');
    expect(books.length).toBeGreaterThan(1);
    expect(books.filter((book) => book.monitored).map((book) => book.title)).toEqual(['The Hobbit']);
    expectCleanPage();
  });

  it('adds an author with root folder, profiles and monitoring', async () => {
    await page.getByRole('link', { name: 'Add new' }).click();
    await page.getByLabel('Search the metadata source').fill('Christopher Tolkien');
    const result = page.getByTestId('search-result-author').filter({ hasText: 'Christopher Tolkien' });
    await shot('add-search');
    await result.getByRole('button', { name: 'Add author' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add author' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Authors' }).click();
    await page.getByTestId('author-poster').filter({ hasText: 'Christopher Tolkien' }).waitFor();
    expect(await page.getByTestId('author-count').textContent()).toBe('2 / 2');
    await shot('authors-index');
    const authors =
      await api<{ authorName: string; monitored: boolean; qualityProfileId: number; path: string }[]>('author');
    expect(authors.find((author) => author.authorName === 'Christopher Tolkien')).toMatchObject({
      monitored: true,
      qualityProfileId: 1,
    });
    expectCleanPage();
  });

  it('the authors index and an author page opened by URL ask for their data while the app still loads', async () => {
    const authors = await api<{ id: number; titleSlug: string; authorName: string }[]>('author');
    const author = authors.find((candidate) => candidate.authorName === 'J.R.R. Tolkien')!;
    // A refresh ending while a page loads makes the app read its lists again: count calls on a quiet library.
    await expectEventually(async () => {
      const commands = await api<{ status: string }[]>('command');
      expect(commands.filter((command) => ['queued', 'started'].includes(command.status))).toEqual([]);
    }, 30_000);
    /**
     * The API calls of one page load. The app's script is held until `first` has been asked (at most 5 s): only
     * index.html's own script can ask it meanwhile.
     */
    const load = async (path: string, ready: string, first: string) => {
      const calls: string[] = [];
      const record = (request: Request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/v1/')) calls.push(url.pathname.slice('/api/v1/'.length) + url.search);
      };
      let askedBeforeApp = false;
      const appScript = /\/assets\/index-[^/]+\.js$/;
      await page.route(appScript, async (route) => {
        for (let waited = 0; !calls.includes(first) && waited < 5000; waited += 20) await page.waitForTimeout(20);
        askedBeforeApp = calls.includes(first);
        await route.continue();
      });
      page.on('request', record);
      await page.goto(`${quire.url}${path}`);
      await page.getByTestId(ready).first().waitFor();
      page.off('request', record);
      await page.unroute(appScript);
      return { calls, askedBeforeApp };
    };
    /**
     * The early answers index.html's script registered, and those the app has not taken. A count of calls would not
     * do: a library command ending during the load rightly makes the app read its lists again.
     */
    const earlyAnswers = () =>
      page.evaluate(() => {
        const early = (window as unknown as { Quire?: { early?: Record<string, unknown> } }).Quire?.early ?? {};
        return {
          asked: Object.keys(early).sort(),
          unused: Object.keys(early).filter((key) => early[key] !== undefined),
        };
      });

    const index = await load('/', 'author-poster', 'author');
    expect(index.askedBeforeApp).toBe(true);
    expect(await earlyAnswers()).toEqual({ asked: ['author'], unused: [] });

    const detail = await load(`/author/${author.titleSlug}`, 'book-row', `author?titleSlug=${author.titleSlug}`);
    expect(detail.askedBeforeApp).toBe(true);
    const authorCalls = ['book', 'bookfile', 'series'].map((name) => `${name}?authorId=${author.id}`);
    expect(await earlyAnswers()).toEqual({
      asked: [`author?titleSlug=${author.titleSlug}`, ...authorCalls].sort(),
      unused: [],
    });
    expectCleanPage();
  });

  it('opens an author page and toggles a book’s monitoring', async () => {
    await page.getByRole('link', { name: 'Authors' }).click();
    await page.getByText('Table', { exact: true }).click();
    await page.getByTestId('author-row').getByRole('link', { name: 'J.R.R. Tolkien' }).click();
    await page.getByRole('heading', { name: 'J.R.R. Tolkien' }).waitFor();
    await page.getByText('All books', { exact: true }).click();
    const row = page
      .getByTestId('book-row')
      .filter({ has: page.getByRole('link', { name: 'The Lord of the Rings', exact: true }) });
    // The toggle shows the state it is moving to while the save is under way: the server's answer is what counts.
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/book/monitor') && response.request().method() === 'PUT',
    );
    await row.getByRole('button', { name: 'Monitor The Lord of the Rings' }).click();
    expect((await saved).ok()).toBe(true);
    await row.getByRole('button', { name: 'Unmonitor The Lord of the Rings' }).waitFor();
    const books = await api<{ title: string; monitored: boolean }[]>('book');
    expect(books.find((book) => book.title === 'The Lord of the Rings')?.monitored).toBe(true);
    expectCleanPage();
  });

  it('opens a book page, searches interactively and grabs a release into the download client', async () => {
    await page.getByRole('link', { name: 'The Hobbit', exact: true }).first().click();
    await page.getByRole('heading', { name: 'The Hobbit' }).waitFor();
    await page.getByTestId('ebook-files').waitFor();
    await shot('book-detail');
    await page.getByRole('tab', { name: 'Editions' }).click();
    await page.getByTestId('editions').waitFor();
    await page.getByRole('button', { name: 'Interactive search' }).click();
    const rows = page.getByTestId('release-row');
    await rows.first().waitFor({ timeout: 30_000 });
    expect(await rows.count()).toBe(2);
    await shot('interactive-search');
    await rows.filter({ hasText: 'The Hobbit (epub)' }).getByRole('button', { name: /^Grab/ }).click();
    await rows.filter({ hasText: 'The Hobbit (epub)' }).getByText('Grabbed').waitFor();
    expect(sab.queue.map((job) => job.name)).toEqual([expect.stringContaining('The Hobbit')]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expectCleanPage();
  });

  it('offers "Send to <device>" on a book for each Send to E-Reader connection, disabled while it has no file', async () => {
    const schema =
      await api<{ implementation: string; fields: { name: string; value?: unknown }[] }[]>('notification/schema');
    const template = schema.find((entry) => entry.implementation === 'SendToEReader')!;
    const fields = template.fields.map((field) =>
      field.name === 'email' ? { ...field, value: 'reader@kindle.example' } : field,
    );
    await api('notification?forceSave=true', { method: 'POST', body: { ...template, name: 'Kindle', fields } });
    await page.reload();
    await page.getByRole('heading', { name: 'The Hobbit' }).waitFor();
    const send = page.getByRole('button', { name: 'Send to Kindle' });
    await send.waitFor();
    expect(await send.isDisabled()).toBe(true);
    expectCleanPage();
  });

  it('mass-edits two authors through the author editor', async () => {
    await page.getByRole('link', { name: 'Authors' }).click();
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByLabel('Select J.R.R. Tolkien').check();
    await page.getByLabel('Select Christopher Tolkien').check();
    const editor = page.getByTestId('mass-editor');
    await editor.getByText('2 selected').waitFor();
    await shot('mass-editor');
    await editor.getByLabel('Monitored').click();
    await page.getByRole('option', { name: 'Unmonitored' }).click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await expectEventually(async () => {
      const authors = await api<{ authorName: string; monitored: boolean }[]>('author');
      expect(authors.map((author) => [author.authorName, author.monitored]).sort()).toEqual([
        ['Christopher Tolkien', false],
        ['J.R.R. Tolkien', false],
      ]);
    });
    expectCleanPage();
  });

  it('lists the whole library on /books through the paged endpoint, never GET /book', async () => {
    const bookRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v1\/book(\?|$|\/paged)/.test(request.url())) bookRequests.push(request.url());
    });
    await page.getByRole('link', { name: 'Books', exact: true }).click();
    await page.getByTestId('book-row').first().waitFor();
    await shot('books-index');
    const total = Number((await page.getByTestId('book-total').textContent())?.replace(/\D/g, ''));
    expect(total).toBe((await api<unknown[]>('book')).length);
    expect(bookRequests.length).toBeGreaterThan(0);
    expect(bookRequests.every((url) => url.includes('/book/paged'))).toBe(true);
    expectCleanPage();
  });

  it('serves client routes on reload and keeps the server routes', async () => {
    await page.goto(`${quire.url}/shelf`);
    await page.getByRole('heading', { name: 'Bookshelf' }).waitFor();
    await page.goto(`${quire.url}/unmapped`);
    await page.getByRole('heading', { name: 'Unmapped files' }).waitFor();
    expectCleanPage();
    const index = await fetch(`${quire.url}/author/anything`, { headers: { Accept: 'text/html' } });
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('<div id="root">');
    expect((await fetch(`${quire.url}/api/v1/nothing-here`)).status).toBe(404);
    expect((await fetch(`${quire.url}/ping`)).headers.get('content-type')).toContain('json');
  });

  it('monitors a whole series from the author page; the author’s other books keep their flags', async () => {
    const [pratchett] = await api<Record<string, unknown>[]>(
      `author/lookup?term=${encodeURIComponent('Terry Pratchett')}`,
    );
    const [folder] = await api<{ path: string }[]>('rootfolder');
    const author = await api<{ id: number; titleSlug: string }>('author', {
      method: 'POST',
      body: {
        ...pratchett,
        qualityProfileId: 1,
        metadataProfileId: 1,
        rootFolderPath: folder.path,
        monitored: true,
        monitorNewItems: 'none',
        addOptions: { monitor: 'none', searchForMissingBooks: false },
      },
    });
    type SeriesJson = { id: number; title: string; links: { bookId: number }[] };
    let discworld: SeriesJson | undefined;
    await expectEventually(async () => {
      discworld = (await api<SeriesJson[]>(`series?authorId=${author.id}`)).find((s) => s.title === 'Discworld');
      expect(discworld).toBeDefined();
    }, 30_000);
    await page.goto(`${quire.url}/author/${author.titleSlug}`);
    await page.getByRole('button', { name: 'Monitor series Discworld', exact: true }).click();
    await page.getByRole('button', { name: 'Unmonitor series Discworld', exact: true }).waitFor();
    const books = await api<{ id: number; monitored: boolean }[]>(`book?authorId=${author.id}`);
    const inSeries = new Set(discworld!.links.map((link) => link.bookId));
    expect(
      books
        .filter((book) => book.monitored)
        .map((book) => book.id)
        .sort(),
    ).toEqual([...inSeries].sort());
    expect(books.length).toBeGreaterThan(inSeries.size);
    await page.mouse.move(0, 0); // the toggle's tooltip off the picture
    await shot('author-series');
    expectCleanPage();
  });
});
