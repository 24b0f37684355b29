import type { FakeOpenLibrary } from '../../../fakes/open-library.fake';
import { CommandJson, waitForCommand } from '../../../utils/commands';
import type { TestApp } from '../../../utils/create-test-app';
import { startMetadataFixture } from '../../../utils/metadata-fixture';
import { sql } from '../../../utils/test-database';

/**
 * Makes the race deterministic. The posted book's INSERT is held while its author was committed by an earlier
 * transaction (author announced before the book is written — the bug): it waits until the RefreshAuthor that
 * `author.added` queued has written the same work, so the old code answers 409 every time. When the author row
 * belongs to the inserting transaction itself (author and book written together, announced after the commit),
 * nothing can race and the INSERT goes ahead at once.
 */
const HOLD_POSTED_BOOK = `
CREATE OR REPLACE FUNCTION quire_test_hold_posted_book() RETURNS trigger AS $$
DECLARE
  deadline timestamptz := clock_timestamp() + interval '20 seconds';
BEGIN
  IF NEW.add_options->>'addType' <> 'manual' THEN RETURN NEW; END IF;
  IF (SELECT xmin::text::bigint FROM author WHERE id = NEW.author_id) = txid_current() % 4294967296 THEN
    RETURN NEW;
  END IF;
  WHILE clock_timestamp() < deadline
    AND NOT EXISTS (SELECT 1 FROM book WHERE foreign_book_id = NEW.foreign_book_id) LOOP
    PERFORM pg_sleep(0.05);
  END LOOP;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER quire_test_hold_posted_book BEFORE INSERT ON book
  FOR EACH ROW EXECUTE FUNCTION quire_test_hold_posted_book();
`;
const RELEASE = `
DROP TRIGGER IF EXISTS quire_test_hold_posted_book ON book;
DROP FUNCTION IF EXISTS quire_test_hold_posted_book();
`;

describe('POST /book for a new author does not race the RefreshAuthor it causes', () => {
  let fake: FakeOpenLibrary;
  let t: TestApp;
  let root: string;
  let standardId: number;

  beforeAll(async () => {
    ({ fake, t, root, metadataProfileId: standardId } = await startMetadataFixture('quire-add-book-race-', 'Standard'));
  });
  afterAll(async () => {
    await sql(RELEASE);
    await t.close();
    await fake.close();
  });

  async function finished(name: string, match: (body: Record<string, any>) => boolean): Promise<CommandJson> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const list = (await t.api.get('/api/v1/command').expect(200)).body as CommandJson[];
      const found = list.find((command) => command.name === name && match(command.body));
      if (found) return waitForCommand(t, found.id);
      if (Date.now() > deadline) throw new Error(`${name} was not queued`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('on the "Standard" profile (the refresh fetches that very work): 200, one row, the refresh completes', async () => {
    const [book] = (await t.api.get('/api/v1/book/lookup?term=work:OL27448W').expect(200)).body;
    await sql(HOLD_POSTED_BOOK);
    let response;
    try {
      response = await t.api.post('/api/v1/book').send({
        ...book,
        monitored: true,
        addOptions: { addType: 'manual', searchForNewBook: false },
        author: {
          ...book.author,
          qualityProfileId: 1,
          metadataProfileId: standardId,
          rootFolderPath: root,
          monitored: true,
          addOptions: { monitor: 'none', searchForMissingBooks: false },
        },
      });
    } finally {
      await sql(RELEASE);
    }
    expect([response.status, response.body]).toEqual([200, expect.objectContaining({ foreignBookId: 'OL27448W' })]);
    const { id: bookId, authorId } = response.body;

    const refresh = await finished('RefreshAuthor', (body) => body.authorId === authorId);
    expect([refresh.status, refresh.exception]).toEqual(['completed', undefined]);
    expect((await finished('RefreshBook', (body) => body.bookId === bookId)).status).toBe('completed');

    const rows = await sql<{ id: number; monitored: boolean; add_type: string }>(
      "SELECT id, monitored, add_options->>'addType' AS add_type FROM book WHERE foreign_book_id = 'OL27448W'",
    );
    expect(rows).toEqual([{ id: bookId, monitored: true, add_type: 'manual' }]);
    // The refresh brought in the author's other works, unmonitored (addOptions.monitor "none").
    const books = await sql<{ foreign_book_id: string; monitored: boolean }>(
      'SELECT foreign_book_id, monitored FROM book WHERE author_id = $1 ORDER BY foreign_book_id',
      [authorId],
    );
    expect(books).toEqual([
      { foreign_book_id: 'OL262758W', monitored: false },
      { foreign_book_id: 'OL27448W', monitored: true },
      { foreign_book_id: 'OL27495W', monitored: false },
      { foreign_book_id: 'OL27513W', monitored: false },
    ]);
  });
});
