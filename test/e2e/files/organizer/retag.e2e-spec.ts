import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import NodeID3 from 'node-id3';
import { DataSource } from 'typeorm';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { makeEpub, makeMp3 } from '../../../fixtures/media/generators';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

describe('retag preview and RetagFiles / RetagAuthor', () => {
  let t: TestApp;
  let db: DataSource;
  let root: string;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50' });
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-retag-'));
  });
  afterAll(() => t.close());

  it('previews tag differences of MP3 files and writes them; ebooks are left alone', async () => {
    const author = await createAuthor(db, { name: 'Andy Weir', rootFolderPath: root, path: join(root, 'Andy Weir') });
    const book = await createBook(db, author, { title: 'Artemis', releaseDate: new Date('2017-11-14T00:00:00Z') });
    mkdirSync(author.path, { recursive: true });
    const mp3 = join(author.path, 'artemis.mp3');
    makeMp3(mp3, { title: 'Track 1', artist: 'Unknown', album: 'Artemis' });
    const epub = join(author.path, 'artemis.epub');
    await makeEpub(epub, { title: 'Artemis', author: 'Andy Weir' });
    const audioFile = await createBookFile(db, book.editionId, { path: mp3, qualityId: 10, size: 1 });
    await createBookFile(db, book.editionId, { path: epub, qualityId: 3, size: 1 });

    const preview = (await t.api.get(`/api/v1/retag?authorId=${author.id}`).expect(200)).body;
    expect(preview).toEqual([
      {
        authorId: author.id,
        bookId: book.id,
        bookFileId: audioFile.id,
        path: mp3,
        trackNumbers: [],
        changes: [
          { field: 'title', oldValue: 'Track 1', newValue: 'Artemis' },
          { field: 'artist', oldValue: 'Unknown', newValue: 'Andy Weir' },
          { field: 'albumArtist', oldValue: '', newValue: 'Andy Weir' },
          { field: 'year', oldValue: '', newValue: '2017' },
        ],
      },
    ]);

    const command = await runCommand(t, 'RetagFiles', { authorId: author.id, files: [audioFile.id] });
    expect(command.message).toBe('Retagged 1 files');
    expect(NodeID3.read(mp3)).toMatchObject({ title: 'Artemis', artist: 'Andy Weir', album: 'Artemis', year: '2017' });
    expect((await t.api.get(`/api/v1/retag?authorId=${author.id}`).expect(200)).body).toEqual([]);
    const history = (await t.api.get(`/api/v1/history/author?authorId=${author.id}`).expect(200)).body;
    expect(history).toEqual([expect.objectContaining({ eventType: 'bookFileRetagged', bookId: book.id })]);

    makeMp3(mp3, { title: 'Changed again' });
    expect((await runCommand(t, 'RetagAuthor', { authorIds: [author.id] })).message).toBe('Retagged 1 files');
    expect(NodeID3.read(mp3).title).toBe('Artemis');
    await t.api.get('/api/v1/retag').expect(400);
  });
});
