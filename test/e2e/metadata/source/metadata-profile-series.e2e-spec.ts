import { drainCommands, waitForQueuedCommand } from '../../../utils/commands';
import { MetadataFixture, startMetadataFixture } from '../../../utils/metadata-fixture';

const PRATCHETT = 'OL16000000A';

/**
 * The metadata profile's skipSeriesSecondary through a real refresh against the fake Open Library, whose Discworld
 * editions place "Where's My Cow?" at position 2.5, between two volumes.
 */
describe('metadata profile skipSeriesSecondary', () => {
  let f: MetadataFixture;

  beforeAll(async () => {
    f = await startMetadataFixture('quire-series-secondary-');
  });
  afterAll(async () => {
    await f.t.close();
    await f.fake.close();
  });

  const addPratchett = async (skipSeriesSecondary: boolean) => {
    const profile = await f.t.api
      .post('/api/v1/metadataprofile')
      .send({
        name: `English ${skipSeriesSecondary}`,
        minPopularity: 0,
        allowedLanguages: 'English',
        skipSeriesSecondary,
      })
      .expect(200);
    expect(profile.body).toMatchObject({ skipSeriesSecondary });
    const created = await f.t.api
      .post('/api/v1/author')
      .send({
        foreignAuthorId: PRATCHETT,
        authorName: 'Terry Pratchett',
        qualityProfileId: 1,
        metadataProfileId: profile.body.id,
        rootFolderPath: f.root,
        monitored: true,
        addOptions: { monitor: 'none', searchForMissingBooks: false },
      })
      .expect(200);
    const id = created.body.id as number;
    const refreshed = await waitForQueuedCommand(f.t, 'RefreshAuthor', (body) => body.authorId === id);
    expect(refreshed.status).toBe('completed');
    await drainCommands(f.t);
    const books = (await f.t.api.get(`/api/v1/book?authorId=${id}`).expect(200)).body as { title: string }[];
    return { id, titles: books.map((book) => book.title).sort() };
  };

  it('on: a book that is only a secondary series entry (position 2.5) is not added; whole-numbered ones are', async () => {
    const on = await addPratchett(true);
    expect(on.titles).toEqual(['Equal Rites', 'The Carpet People', 'The Colour of Magic', 'The Light Fantastic']);
    await f.t.api.delete(`/api/v1/author/${on.id}`).expect(200);
    await drainCommands(f.t);

    const off = await addPratchett(false);
    expect(off.titles).toEqual([
      'Equal Rites',
      'The Carpet People',
      'The Colour of Magic',
      'The Light Fantastic',
      "Where's My Cow?",
    ]);
  });
});
