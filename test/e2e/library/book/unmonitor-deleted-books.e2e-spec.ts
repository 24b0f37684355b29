import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { BookFileDeletedEvent } from '../../../../src/library/book-file/book-file.events';
import { DomainEvents } from '../../../../src/platform/common/events/domain-events';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { waitFor } from '../../../utils/wait-for';

/** `autoUnmonitorPreviouslyDownloadedBooks`: books whose files are deleted, or found missing, stop being monitored. */
describe('media management autoUnmonitorPreviouslyDownloadedBooks', () => {
  let t: TestApp;
  let db: DataSource;
  let root: string;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50' });
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-unmonitor-'));
    await t.api
      .post('/api/v1/rootfolder')
      .send({ name: 'Books', path: root, defaultQualityProfileId: 1, defaultMetadataProfileId: 1 })
      .expect(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const setting = (autoUnmonitorPreviouslyDownloadedBooks: boolean) =>
    t.api.put('/api/v1/config/mediamanagement').send({ autoUnmonitorPreviouslyDownloadedBooks }).expect(200);
  const monitored = async (bookId: number) =>
    ((await t.api.get(`/api/v1/book/${bookId}`).expect(200)).body as { monitored: boolean }).monitored;

  /** A monitored book of a new author with one file on disk. */
  const bookWithFile = async (name: string) => {
    const author = await createAuthor(db, { name, rootFolderPath: root, path: join(root, name) });
    const book = await createBook(db, author, { title: `${name}'s book`, monitored: true });
    mkdirSync(join(author.path, 'Book'), { recursive: true });
    const path = join(author.path, 'Book', 'book.epub');
    writeFileSync(path, 'bytes');
    const file = await createBookFile(db, book.editionId, { path });
    return { author, book, file, path };
  };

  it('on: a file found missing by a rescan or deleted through the API unmonitors its book; an upgrade does not', async () => {
    await setting(true);
    const missing = await bookWithFile('Missing Author');
    unlinkSync(missing.path);
    const scan = await runCommand(t, 'RescanFolders', { authorIds: [missing.author.id] });
    expect(scan.message).toContain('1 removed');
    await waitFor(async () => !(await monitored(missing.book.id)), 'the book of the missing file unmonitored');

    const deleted = await bookWithFile('Deleted Author');
    await t.api.delete(`/api/v1/bookfile/${deleted.file.id}`).expect(200);
    await waitFor(async () => !(await monitored(deleted.book.id)), 'the book of the deleted file unmonitored');

    const upgraded = await bookWithFile('Upgraded Author');
    await t.app
      .get(DomainEvents)
      .emitAsync(
        BookFileDeletedEvent.NAME,
        new BookFileDeletedEvent(upgraded.file.id, upgraded.book.id, upgraded.author.id, upgraded.path, 'upgrade'),
      );
    expect(await monitored(upgraded.book.id)).toBe(true);
  });

  it('off (the default): books stay monitored when their files go', async () => {
    await setting(false);
    const missing = await bookWithFile('Kept Missing Author');
    unlinkSync(missing.path);
    await runCommand(t, 'RescanFolders', { authorIds: [missing.author.id] });
    const deleted = await bookWithFile('Kept Deleted Author');
    await t.api.delete(`/api/v1/bookfile/${deleted.file.id}`).expect(200);
    // The listener answers the event after the request; give it the time it takes when the setting is on.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([await monitored(missing.book.id), await monitored(deleted.book.id)]).toEqual([true, true]);
  });
});
