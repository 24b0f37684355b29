import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NotificationService } from '../../../../src/notifications/connections/notification.service';
import { EREADER_ATTACHMENT } from '../../../../src/notifications/connections/send-to-ereader.connection';
import { SendToEReaderRepository } from '../../../../src/notifications/connections/send-to-ereader.repository';
import {
  SEND_TO_EREADER,
  SendToEReaderService,
} from '../../../../src/notifications/connections/send-to-ereader.service';
import { NotificationDispatcher } from '../../../../src/notifications/hub/dispatcher.service';
import { BadRequestError } from '../../../../src/platform/common/errors/domain-errors';
import { QUALITY_IDS } from '../../../../src/library/profile/quality/quality';
import { createAuthor, createBook, createBookFile, createEdition, ensureProfiles } from '../../../factories';
import { Medium, newMediumService } from '../../medium';

const settings = { email: 'reader@kindle.example', formats: ['EPUB', 'PDF'], maxSizeMB: 1 };
let implementation = SEND_TO_EREADER;
const dispatched: { title: string; path: unknown }[] = [];

/**
 * Send to E-Reader on PostgreSQL and real files: each requested book's files (from any edition), the best
 * acceptable one on disk within the size limit sent through the (fake) dispatcher, and a report for every book or
 * file that was not sent — unknown ids and unmapped files included.
 */
describe('send to e-reader (medium)', () => {
  let medium: Medium;
  let sender: SendToEReaderService;
  let folder: string;

  beforeAll(async () => {
    medium = await newMediumService({
      providers: [SendToEReaderRepository, SendToEReaderService],
      fakes: [
        [
          NotificationService,
          {
            require: async (id: number) => ({ id, name: 'Kindle', implementation }),
            resolve: () => ({ settings }),
          },
        ],
        [
          NotificationDispatcher,
          {
            dispatchToConnections: async (request: { title: string; metadata: Record<string, { path: unknown }> }) => {
              dispatched.push({ title: request.title, path: request.metadata[EREADER_ATTACHMENT].path });
              return { notification_id: 'n1', channels_dispatched: ['email'], status: 'ok' };
            },
          },
        ],
      ],
      tables: ['author_metadata', 'author', 'book', 'edition', 'book_file'],
    });
    await ensureProfiles(medium.dataSource);
    sender = medium.get(SendToEReaderService);
  });
  afterAll(() => medium.close());
  beforeEach(async () => {
    await medium.resetTables();
    folder = mkdtempSync(join(tmpdir(), 'quire-medium-ereader-'));
    dispatched.length = 0;
    implementation = SEND_TO_EREADER;
  });

  async function file(editionId: number | null, name: string, qualityId: number, bytes = 10) {
    const path = join(folder, name);
    writeFileSync(path, Buffer.alloc(bytes));
    return createBookFile(medium.dataSource, editionId, { path, qualityId });
  }

  it("sends each book's preferred format that fits, from any edition; reports the others and unknown books", async () => {
    const author = await createAuthor(medium.dataSource, { name: 'Ann Author' });
    const both = await createBook(medium.dataSource, author, { title: 'Both' });
    await file(both.editionId, 'both.pdf', QUALITY_IDS.pdf);
    const second = await createEdition(medium.dataSource, both.id);
    const epub = await file(second.id, 'both.epub', QUALITY_IDS.epub);
    const big = await createBook(medium.dataSource, author, { title: 'Big' });
    await file(big.editionId, 'big.epub', QUALITY_IDS.epub, 2 * 1024 * 1024);
    const mobi = await createBook(medium.dataSource, author, { title: 'Mobi only' });
    await file(mobi.editionId, 'm.mobi', QUALITY_IDS.mobi);
    const none = await createBook(medium.dataSource, author, { title: 'No file' });

    const reports = await sender.send(7, { bookIds: [both.id, big.id, mobi.id, none.id, 999_999] });
    expect(reports.map((report) => [report.title, report.outcome])).toEqual([
      ['Both', 'sent'],
      ['Big', 'notSent'],
      ['Mobi only', 'notSent'],
      ['No file', 'notSent'],
      ['', 'notSent'],
    ]);
    expect(reports[1].message).toContain('too large');
    expect(reports[2].message).toContain('no file in an acceptable format (EPUB, PDF); it has MOBI');
    expect(reports[3].message).toContain('no file in the library');
    expect(reports[4].message).toBe('book 999999: not sent, it does not exist');
    expect(dispatched).toEqual([{ title: 'Both', path: epub.path }]);
  });

  it('sends chosen files; an unmapped file counts as unknown; a file gone from disk is reported', async () => {
    const author = await createAuthor(medium.dataSource);
    const book = await createBook(medium.dataSource, author, { title: 'Book' });
    const pdf = await file(book.editionId, 'b.pdf', QUALITY_IDS.pdf);
    const unmapped = await file(null, 'loose.epub', QUALITY_IDS.epub);
    const gone = await createBook(medium.dataSource, author, { title: 'Gone' });
    const missing = await createBookFile(medium.dataSource, gone.editionId, { path: join(folder, 'not-here.epub') });

    const reports = await sender.send(7, { bookFileIds: [pdf.id, unmapped.id, missing.id] });
    expect(reports.map((report) => report.message)).toEqual([
      expect.stringContaining("'Book': sent PDF 'b.pdf'"),
      "'Gone': not sent, the EPUB file is missing on disk",
      `book file ${unmapped.id}: not sent, it does not exist`,
    ]);
  });

  it("refuses a connection of another kind; reads an author's tags (none for an unknown author)", async () => {
    implementation = 'Webhook';
    await expect(sender.send(7, { bookIds: [1] })).rejects.toBeInstanceOf(BadRequestError);
    const tagged = await createAuthor(medium.dataSource, { tags: [3, 1] });
    expect(await medium.get(SendToEReaderRepository).authorTags(tagged.id)).toEqual([3, 1]);
    expect(await medium.get(SendToEReaderRepository).authorTags(tagged.id + 1)).toEqual([]);
  });
});
