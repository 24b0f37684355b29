import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ebookInstance, type InstanceFiles } from '../fixtures/readarr/library-fixtures';
import { UiWorld } from './ui-world';

/**
 * Settings → Import in a real browser against the built Quire and the fake Open Library: a file that is not a
 * Readarr database is refused with its reason; a small Readarr library (test/fixtures/readarr) is previewed (the
 * report, nothing written), applied, and an unmatched book links to its kept page. No console error, no failed
 * request on the way.
 */
describe('web UI: migrating from Readarr', () => {
  const world = new UiWorld();
  let page: Page;
  let base: string;
  let ebook: InstanceFiles;

  const expectCleanPage = () => expect(world.problems.take()).toEqual([]);

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'quire-ui-readarr-'));
    ebook = await ebookInstance(base, { host: '127.0.0.1', port: 9 });
    // A fresh Quire: the migration brings the root folders, indexers and clients.
    await world.start({}, { fresh: true });
    page = world.page;
  }, 120_000);

  afterAll(async () => {
    await world.stop();
    if (base) rmSync(base, { recursive: true, force: true });
  });

  it('finds the import page from the empty library', async () => {
    await world.signIn();
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
    expect(world.problems.take()).toEqual([
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
    expect(await world.api<unknown[]>('author')).toEqual([]);
    await world.shot('migration-preview');
    expectCleanPage();
  });

  it('applies it, then an unmatched book links to its kept page', async () => {
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Migration applied').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('migration-report').textContent()).toContain('Applied');
    await world.shot('migration-applied');
    expect((await world.api<{ authorName: string }[]>('author')).map((a) => a.authorName).sort()).toEqual([
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
