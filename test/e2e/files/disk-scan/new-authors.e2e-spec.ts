import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigStore } from '../../../../src/platform/database/config-store.service';
import { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { makeEpub } from '../../../fixtures/media/generators';
import { drainCommands, runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

interface AuthorJson {
  id: number;
  authorName: string;
  path: string;
  rootFolderPath: string;
  monitored: boolean;
  monitorNewItems: string;
  qualityProfileId: number;
  metadataProfileId: number;
  tags: number[];
}

/**
 * Readarr's rescan with `addNewAuthors`: files outside every author folder name an author the metadata source
 * knows, and that author is added with the defaults of the root folder the files are in, then matched to them.
 */
describe('RescanFolders adds the authors of new files with the root folder’s defaults (Open Library fake)', () => {
  let fake: FakeOpenLibrary;
  let t: TestApp;
  let shelf: string;
  let attic: string;
  let tagId: number;
  let standardProfileId: number;

  beforeAll(async () => {
    fake = await FakeOpenLibrary.start();
    t = await createTestApp({ METADATA_SOURCE_URL: fake.url, COVER_SOURCE_URL: fake.coversUrl });
    await t.app.get(ConfigStore).set('metadataProvider', { requestsPerMinute: 6000 });
    shelf = mkdtempSync(join(tmpdir(), 'quire-new-authors-shelf-'));
    attic = mkdtempSync(join(tmpdir(), 'quire-new-authors-attic-'));
    tagId = (await t.api.post('/api/v1/tag').send({ label: 'found' }).expect(200)).body.id;
    const profiles = await t.api.get('/api/v1/metadataprofile').expect(200);
    standardProfileId = profiles.body.find((profile: { name: string }) => profile.name === 'Standard').id;
    await t.api
      .post('/api/v1/rootfolder')
      .send({
        name: 'Shelf',
        path: shelf,
        defaultQualityProfileId: 2,
        defaultMetadataProfileId: standardProfileId,
        defaultMonitorOption: 'none',
        defaultNewItemMonitorOption: 'none',
        defaultTags: [tagId],
      })
      .expect(200);
    await t.api
      .post('/api/v1/rootfolder')
      .send({
        name: 'Attic',
        path: attic,
        defaultQualityProfileId: 1,
        defaultMetadataProfileId: standardProfileId,
        defaultMonitorOption: 'all',
        defaultNewItemMonitorOption: 'new',
        defaultTags: [],
      })
      .expect(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    rmSync(shelf, { recursive: true, force: true });
    rmSync(attic, { recursive: true, force: true });
  });

  const authors = async () => (await t.api.get('/api/v1/author').expect(200)).body as AuthorJson[];

  it('defaultMonitorOption / defaultNewItemMonitorOption / defaultTags: an author found in a root folder’s files is added with that folder’s defaults, and the files are matched', async () => {
    const hobbit = join(shelf, 'J.R.R. Tolkien', 'The Hobbit');
    mkdirSync(hobbit, { recursive: true });
    await makeEpub(join(hobbit, 'The Hobbit.epub'), { title: 'The Hobbit', author: 'J.R.R. Tolkien', language: 'en' });
    // Not known to the metadata source: stays an unmapped file, no author is made up from the folder name.
    const ghost = join(shelf, 'Nobody Known', 'Ghost Book');
    mkdirSync(ghost, { recursive: true });
    await makeEpub(join(ghost, 'ghost.epub'), { title: 'Ghost Book', author: 'Nobody Known', language: 'en' });
    // No tags: the file name names author and book.
    await makeEpub(join(attic, 'Terry Pratchett - The Colour of Magic.epub'), {
      title: '',
      author: '',
      language: 'en',
    });

    const command = await runCommand(t, 'RescanFolders', {}, 60_000);
    expect(command.status).toBe('completed');
    expect(command.message).toMatch(
      /added 2 authors found in the files: (J\.R\.R\. Tolkien, Terry Pratchett|Terry Pratchett, J\.R\.R\. Tolkien)$/,
    );

    const all = await authors();
    expect(all).toHaveLength(2);
    const tolkien = all.find((author) => author.authorName === 'J.R.R. Tolkien')!;
    expect(tolkien).toMatchObject({
      path: join(shelf, 'J.R.R. Tolkien'),
      rootFolderPath: shelf,
      monitored: false,
      monitorNewItems: 'none',
      qualityProfileId: 2,
      metadataProfileId: standardProfileId,
      tags: [tagId],
    });
    const pratchett = all.find((author) => author.authorName === 'Terry Pratchett')!;
    expect(pratchett).toMatchObject({ rootFolderPath: attic, monitored: true, monitorNewItems: 'new', tags: [] });

    // The added author's refresh and the rescan after it match the file in its folder to the book.
    await drainCommands(t, 60_000);
    const files = (await t.api.get(`/api/v1/bookfile?authorId=${tolkien.id}`).expect(200)).body as { path: string }[];
    expect(files.map((file) => file.path)).toEqual([join(hobbit, 'The Hobbit.epub')]);
    const books = (await t.api.get(`/api/v1/book?authorId=${tolkien.id}`).expect(200)).body as {
      title: string;
      monitored: boolean;
    }[];
    expect(books.length).toBeGreaterThan(1);
    expect(books.every((book) => !book.monitored)).toBe(true);
    const unmapped = (await t.api.get('/api/v1/bookfile?unmapped=true').expect(200)).body as { path: string }[];
    expect(unmapped.map((file) => file.path)).toContain(join(ghost, 'ghost.epub'));
  });

  it('addNewAuthors false leaves new files outside author folders unmapped and adds no author', async () => {
    const before = (await authors()).length;
    const lotr = join(attic, 'Someone Else', 'Strata');
    mkdirSync(lotr, { recursive: true });
    await makeEpub(join(lotr, 'strata.epub'), { title: 'Strata', author: 'Terry Pratchett', language: 'en' });
    const command = await runCommand(t, 'RescanFolders', { addNewAuthors: false }, 60_000);
    expect(command.message).not.toMatch(/added \d+ authors/);
    expect(await authors()).toHaveLength(before);
  });
});
