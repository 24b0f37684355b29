import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { checkEveryVisit } from './accessibility';

/** Debian's Chromium (`apt-get install chromium`); no browser is downloaded. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Everything that went wrong while a page was open: console errors, requests that failed at the network level,
 * and answers ≥ 400. `ignore` names URLs that may fail on purpose (e.g. a hub not built yet), `missingAllowed`
 * URLs whose 404 the page handles.
 */
export class PageProblems {
  readonly problems: string[] = [];

  private readonly ignore: RegExp[];
  private readonly missingAllowed: RegExp[];

  constructor(page: Page, options: { ignore?: RegExp[]; missingAllowed?: RegExp[] } = {}) {
    this.ignore = options.ignore ?? [];
    this.missingAllowed = options.missingAllowed ?? [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      // The browser's own line for an answer ≥ 400 is reported below with its URL (or ignored there).
      if (text.startsWith('Failed to load resource')) return;
      this.problems.push(`console: ${text}`);
    });
    page.on('pageerror', (error) => this.problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? '';
      // A request the page itself gave up (navigation away, aborted fetch) is not a failure of the server.
      if (reason === 'net::ERR_ABORTED' || this.ignored(request.url())) return;
      this.problems.push(`request failed: ${request.method()} ${request.url()} ${reason}`);
    });
    page.on('response', (response) => {
      const missing = response.status() === 404 && this.missingAllowed.some((pattern) => pattern.test(response.url()));
      if (response.status() >= 400 && !missing && !this.ignored(response.url()))
        this.problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
  }

  private ignored(url: string): boolean {
    return this.ignore.some((pattern) => pattern.test(url));
  }

  /** The problems so far, and forgets them (one check per page visited). */
  take(): string[] {
    return this.problems.splice(0, this.problems.length);
  }
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  // Every page of the context (tabs a test opens too) is run through axe-core on each visit.
  context.on('page', checkEveryVisit);
  const page = await context.newPage();
  checkEveryVisit(page);
  page.setDefaultTimeout(20_000);
  return { context, page };
}
