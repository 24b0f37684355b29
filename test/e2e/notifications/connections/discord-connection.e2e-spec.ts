import { DataSource } from 'typeorm';
import { DownloadFailedEvent } from '../../../../src/acquisition/queue/download.events';
import { qualityModel } from '../../../../src/acquisition/parser/quality-model';
import { BookFilesRenamedEvent } from '../../../../src/files/organizer/organizer.events';
import { AuthorDeletedEvent } from '../../../../src/library/author/author.events';
import { BookDeletedEvent } from '../../../../src/library/book/book.events';
import { BookFileDeletedEvent } from '../../../../src/library/book-file/book-file.events';
import { HealthIssuesChangedEvent } from '../../../../src/platform/system/health/health.events';
import { createAuthor, createBook, ensureProfiles } from '../../../factories';
import { FakeDiscord } from '../../../fakes/discord.fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { emitLibraryEvent, libraryEvents } from '../../../utils/library-events';

const WARNING = 16753920;
const SUCCESS = 2605644;
const DANGER = 15749200;

/** Readarr's Discord: content and embeds per event through a webhook URL (a fake Discord here). */
describe('Discord connection (fake Discord webhook)', () => {
  let t: TestApp;
  const discord = new FakeDiscord(new Map([['1001', 'token-a']]));
  const ids = { author: 0, book: 0 };

  const connection = (url: string, extra: Record<string, unknown> = {}) => ({
    name: 'Discord',
    implementation: 'Discord',
    configContract: 'DiscordSettings',
    fields: [
      { name: 'webHookUrl', value: url },
      { name: 'username', value: 'Quire Bot' },
      { name: 'avatar', value: 'https://example.test/quire.png' },
    ],
    ...extra,
  });
  const sent = async (event: object) => {
    const before = discord.executions.length;
    await emitLibraryEvent(t, event);
    return discord.executions.slice(before).map((execution) => execution.body);
  };

  beforeAll(async () => {
    await discord.start();
    t = await createTestApp();
    const db = t.app.get(DataSource);
    await ensureProfiles(db);
    const author = await createAuthor(db, { name: 'Jane Austen', path: '/books/Jane Austen' });
    const book = await createBook(db, author, { title: 'Emma' });
    Object.assign(ids, { author: author.id, book: book.id });
    const all = {
      onGrab: true,
      onReleaseImport: true,
      onRename: true,
      onAuthorDelete: true,
      onBookDelete: true,
      onBookFileDelete: true,
      onHealthIssue: true,
      includeHealthWarnings: true,
      onDownloadFailure: true,
    };
    await t.api
      .post('/api/v1/notification?forceSave=true')
      .send(connection(discord.webhookUrl('1001'), all))
      .expect(200);
  });

  afterAll(async () => {
    await t?.close();
    await discord.stop();
  });

  it('test posts Readarr’s test content with the username and avatar; a refused webhook is “Unable to post payload”', async () => {
    const before = discord.executions.length;
    await t.api
      .post('/api/v1/notification/test')
      .send(connection(discord.webhookUrl('1001')))
      .expect(200, {});
    const [execution] = discord.executions.slice(before);
    expect(execution.request.headers['content-type']).toBe('application/json');
    expect(execution.body).toEqual({
      content: expect.stringMatching(/^Test message from Quire posted at /),
      username: 'Quire Bot',
      avatar_url: 'https://example.test/quire.png',
    });
    const refused = await t.api
      .post('/api/v1/notification/test')
      .send(connection(`${discord.url}/api/webhooks/1001/wrong-token`))
      .expect(400);
    expect(refused.body[0]).toMatchObject({ propertyName: 'Unable to post', errorMessage: 'Unable to post payload' });
  });

  it('grab and import: Readarr’s content, title, description, text and colours', async () => {
    // The grab is about author 1 and book 1: the seeded Jane Austen and Emma, as the library names them.
    expect(ids).toEqual({ author: 1, book: 1 });
    expect(await sent(libraryEvents.grabbed())).toEqual([
      {
        content: 'Grabbed: Jane Austen - Emma - [EPUB]',
        embeds: [
          {
            description: 'Jane Austen - Emma - [EPUB]',
            title: 'Jane Austen',
            text: 'Jane Austen - Emma - [EPUB]',
            color: WARNING,
          },
        ],
        username: 'Quire Bot',
        avatar_url: 'https://example.test/quire.png',
      },
    ]);
    const [imported] = await sent(libraryEvents.imported());
    expect(imported).toMatchObject({
      content: 'Imported: Jane Austen - Emma (1 Files Imported)',
      embeds: [{ title: 'Jane Austen', color: SUCCESS, description: 'Jane Austen - Emma (1 Files Imported)' }],
    });
  });

  it('rename, deletes, health and download failure: Readarr’s embeds', async () => {
    const renamed = await sent(
      new BookFilesRenamedEvent([
        { bookFileId: null, authorId: ids.author, bookId: ids.book, previousPath: '/a.epub', path: '/b.epub' },
      ]),
    );
    expect(renamed.map((body) => [body.content, body.embeds])).toEqual([
      ['Renamed', [{ title: 'Jane Austen', color: 0 }]],
    ]);
    const authorDeleted = await sent(
      new AuthorDeletedEvent(ids.author, 'fa', 'Jane Austen', '/books/Jane Austen', true, false),
    );
    expect(authorDeleted[0]).toMatchObject({
      content: 'Author Deleted',
      embeds: [{ title: 'Jane Austen', description: 'Author removed and all files were deleted', color: 0 }],
    });
    const bookDeleted = await sent(new BookDeletedEvent(ids.book, ids.author, 'fb', 'Emma', false));
    expect(bookDeleted[0]).toMatchObject({
      content: 'Book Deleted',
      embeds: [{ title: 'Jane Austen - Emma', description: 'Book removed, files were not deleted', color: 0 }],
    });
    const fileDeleted = await sent(new BookFileDeletedEvent(9, ids.book, ids.author, '/books/Jane Austen/Emma.epub'));
    expect(fileDeleted[0]).toMatchObject({
      content: 'Book File Deleted',
      embeds: [{ title: 'Jane Austen - Emma - file deleted', description: '/books/Jane Austen/Emma.epub', color: 0 }],
    });
    const health = (type: 'warning' | 'error') =>
      new HealthIssuesChangedEvent([{ source: 'RootFolderCheck', type, message: `Root folder ${type}` }], []);
    expect((await sent(health('warning')))[0]).toMatchObject({
      content: 'Health Issue',
      embeds: [{ title: 'RootFolderCheck', text: 'Root folder warning', color: WARNING }],
    });
    expect((await sent(health('error')))[0].embeds[0].color).toBe(DANGER);
    const failed = new DownloadFailedEvent({
      authorId: ids.author,
      bookIds: [ids.book],
      sourceTitle: 'Jane Austen - Emma (epub)',
      quality: qualityModel(3),
      customFormatIds: [],
      message: 'The download client lost it',
      skipRedownload: true,
    });
    expect((await sent(failed))[0]).toMatchObject({
      content: 'Download Failed: The download client lost it',
      embeds: [
        {
          title: 'Jane Austen - Emma (epub)',
          description: 'The download client lost it',
          text: 'The download client lost it',
          color: DANGER,
        },
      ],
    });
  });
});
