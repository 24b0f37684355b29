import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * The web UI's budgets, measured in Debian's headless Chromium against a running Quire on the bench library:
 * each page in a fresh browser context (cold cache, signed in), time from navigation to the page being usable,
 * bytes transferred (encoded, as sent), and the initial JavaScript gzipped.
 */
export interface UiRow {
  page: string;
  /** Median over the runs. */
  ms: number;
  worstMs?: number;
  budgetMs?: number;
  transferredKb: number;
  note: string;
}

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

async function signedInContext(browser: Browser, url: string, user: { username: string; password: string }) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const login = await context.request.post(`${url}/login`, {
    form: user,
    headers: { Accept: 'application/json' },
    maxRedirects: 0,
  });
  if (login.status() >= 400) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`);
  return context;
}

/** Bytes transferred by the page from now on (CDP encodedDataLength: headers + body as sent). */
async function transferMeter(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  let bytes = 0;
  const scripts: string[] = [];
  session.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
  session.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.push(event.response.url);
  });
  return { kb: () => bytes / 1024, scripts };
}

interface Measured {
  /** Median of the runs, and the slowest. */
  ms: number;
  worstMs: number;
  runs: number;
  /** Of the last run, whose page and context stay open for the caller (close the context). */
  kb: number;
  note: string;
  scripts: string[];
  context: BrowserContext;
  page: Page;
}

/**
 * Loads `path` `runs` times, each in a new signed-in context (cold HTTP cache, as a first visit), and reports the
 * median time from navigation until `ready` resolves, and the slowest run. One load is a single sample of a
 * CPU-bound race between Chromium's processes and Quire on two cores; the median of several is the figure that
 * repeats from one bench run to the next.
 */
async function measure(
  browser: Browser,
  url: string,
  user: { username: string; password: string },
  path: string,
  runs: number,
  ready: (page: Page) => Promise<string | void>,
): Promise<Measured> {
  const times: number[] = [];
  for (let run = 1; ; run++) {
    const context = await signedInContext(browser, url, user);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const meter = await transferMeter(page);
    const started = performance.now();
    await page.goto(`${url}${path}`, { waitUntil: 'commit' });
    const note = (await ready(page)) ?? '';
    times.push(performance.now() - started);
    if (run >= runs) {
      const sorted = [...times].sort((a, b) => a - b);
      const ms = sorted[Math.floor((sorted.length - 1) / 2)];
      return { ms, worstMs: sorted.at(-1)!, runs, kb: meter.kb(), note, scripts: meter.scripts, context, page };
    }
    await context.close();
  }
}

/**
 * A first navigation after Chromium starts pays for the browser's own warm-up (its first renderer, font and
 * code caches), which a person whose browser is already open does not: one unmeasured load takes it.
 */
async function warmUp(browser: Browser, url: string, user: { username: string; password: string }) {
  const context = await signedInContext(browser, url, user);
  const page = await context.newPage();
  await page.goto(`${url}/system/status`);
  await page.getByRole('heading').first().waitFor({ timeout: 60_000 });
  await context.close();
}

export async function measureUiPages(options: {
  url: string;
  user: { username: string; password: string };
  authorSlug: string;
  webRoot: string;
  /** Loads measured per page (the median is reported). */
  runs: number;
}): Promise<UiRow[]> {
  const { url, user, runs } = options;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ARGS });
  const rows: UiRow[] = [];
  try {
    await warmUp(browser, url, user);
    const authors = await measure(browser, url, user, '/', runs, async (page) => {
      await page.getByTestId('author-poster').first().waitFor();
      return `${await page.getByTestId('author-count').textContent()} authors, ${await page.getByTestId('author-poster').count()} posters in the DOM`;
    });
    const gzipKb =
      authors.scripts
        .map((script) => join(options.webRoot, 'assets', basename(new URL(script).pathname)))
        .reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0) / 1024;
    rows.push({
      page: 'Authors index (/) usable',
      ms: authors.ms,
      worstMs: authors.worstMs,
      budgetMs: 1500,
      transferredKb: authors.kb,
      note: authors.note,
    });
    rows.push({
      page: 'Initial JavaScript (gzip -9 of the scripts / loads)',
      ms: NaN,
      transferredKb: gzipKb,
      note: `budget 350 KB; ${authors.scripts.length} script(s)`,
    });
    await authors.context.close();

    const books = await measure(browser, url, user, '/books', runs, async (page) => {
      await page.getByTestId('book-row').first().waitFor();
      return `${await page.getByTestId('book-total').textContent()} books`;
    });
    rows.push({
      page: 'Books index (/books) first rows',
      ms: books.ms,
      worstMs: books.worstMs,
      budgetMs: 1500,
      transferredKb: books.kb,
      note: books.note,
    });
    const total = Number((await books.page.getByTestId('book-total').textContent())?.replace(/\D/g, ''));
    const scrollStarted = performance.now();
    await books.page.getByTestId('books-list').evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await books.page.locator(`[data-index="${total - 1}"] [data-testid="book-row"]`).waitFor();
    const domRows = await books.page.getByTestId('book-row').count();
    rows.push({
      page: 'Books index: scroll to the last book',
      ms: performance.now() - scrollStarted,
      transferredKb: NaN,
      note: `last row rendered; ${domRows} book rows in the DOM (of ${total})`,
    });
    await books.context.close();

    const author = await measure(browser, url, user, `/author/${options.authorSlug}`, runs, async (page) => {
      await page.getByTestId('book-row').first().waitFor();
      return `${await page.getByTestId('book-row').count()} book rows`;
    });
    rows.push({
      page: 'Author detail usable',
      ms: author.ms,
      worstMs: author.worstMs,
      budgetMs: 1000,
      transferredKb: author.kb,
      note: author.note,
    });
    await author.context.close();

    const EMPTY_STATES =
      /^(Queue is empty|Blocklist is empty|No history yet|No missing books|No events|Every book meets its quality cutoff)$/;
    // Part 2's paged pages: the first page's API answer (budget 500 ms) and the page usable.
    const paged: [string, string, RegExp][] = [
      ['/activity/history', 'history-row', /\/api\/v1\/history\?/],
      ['/wanted/missing', 'wanted-row', /\/api\/v1\/wanted\/missing\?/],
      ['/wanted/cutoffunmet', 'wanted-row', /\/api\/v1\/wanted\/cutoff\?/],
      ['/activity/blocklist', 'blocklist-row', /\/api\/v1\/blocklist\?/],
      ['/activity/queue', 'queue-row', /\/api\/v1\/queue\?/],
      ['/system/events', 'event-row', /\/api\/v1\/log\?/],
    ];
    for (const [path, rowId, api] of paged) {
      let apiMs = NaN;
      const result = await measure(browser, url, user, path, runs, async (page) => {
        const response = await page.waitForResponse((candidate) => api.test(candidate.url()));
        await response.finished();
        const timing = response.request().timing();
        apiMs = timing.responseEnd;
        await page.getByTestId(rowId).first().or(page.getByText(EMPTY_STATES)).first().waitFor();
        const total = page.getByTestId('total-records');
        const records = (await total.count()) > 0 ? await total.textContent() : 'empty';
        return `${records}; first page API ${apiMs.toFixed(0)} ms (budget 500)`;
      });
      rows.push({
        page: `${path} first page`,
        ms: result.ms,
        worstMs: result.worstMs,
        transferredKb: result.kb,
        note: result.note,
      });
      await result.context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export function renderUiRows(rows: UiRow[], runs: number): string[] {
  const fmt = (n: number | undefined, digits = 0) => (n === undefined || Number.isNaN(n) ? '—' : n.toFixed(digits));
  return [
    `Each page: ${runs} loads, each in a new signed-in browser context (cold cache), after one unmeasured warm-up ` +
      'load; "ready" is the median, "worst" the slowest load.',
    '',
    '| UI page | ready ms | worst ms | budget ms | transferred KB | |',
    '|---|---:|---:|---:|---:|---|',
    ...rows.map(
      (row) =>
        `| ${row.page} | ${fmt(row.ms)} | ${fmt(row.worstMs)} | ${row.budgetMs ?? '—'} | ${fmt(row.transferredKb, 1)} | ${row.note}${row.budgetMs && row.ms > row.budgetMs ? ' **over budget**' : ''} |`,
    ),
  ];
}
