import { simpleParser } from 'mailparser';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createAuthor, createBook, createBookFile } from '../../../factories';
import { makeEpub } from '../../../fixtures/media/generators';
import { FakeSmtp } from '../../../fakes/smtp.fake';
import { drainCommands, runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

const DEVICE = 'reader@kindle.example';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('Send to E-Reader', () => {
  let t: TestApp;
  let db: DataSource;
  let smtp: FakeSmtp;
  let root: string;
  let connectionId: number;
  const books: Record<string, number> = {};
  const epub = randomBytes(200_000);
  const bigEpub = randomBytes(2 * 1024 * 1024 + 10);

  const fields = (maxSizeMB: number) => [
    { name: 'email', value: DEVICE },
    { name: 'formats', value: ['EPUB', 'PDF'] },
    { name: 'maxSizeMB', value: maxSizeMB },
  ];
  const toDevice = () => smtp.messages.filter((mail) => mail.envelopeTo.includes(DEVICE));

  beforeAll(async () => {
    smtp = await new FakeSmtp().start();
    t = await createTestApp({
      HUB_SMTP_HOST: '127.0.0.1',
      HUB_SMTP_PORT: String(smtp.port),
      HUB_SMTP_FROM: 'quire@library.example',
      HUB_RETRY_BASE_DELAY_MS: '200',
      HUB_RETRY_MAX_DELAY_MS: '400',
      HUB_RETRY_POLL_INTERVAL_MS: '100',
      COMMAND_POLL_INTERVAL_MS: '50',
    });
    db = t.app.get(DataSource);
    root = mkdtempSync(join(tmpdir(), 'quire-ereader-'));
    const author = await createAuthor(db, { name: 'Ursula K. Le Guin', rootFolderPath: root });
    const folder = join(root, 'Le Guin');
    mkdirSync(folder, { recursive: true });
    const add = async (title: string, files: { name: string; bytes: Buffer; qualityId: number }[]) => {
      const book = await createBook(db, author, { title });
      for (const file of files) {
        writeFileSync(join(folder, file.name), file.bytes);
        await createBookFile(db, book.editionId, {
          path: join(folder, file.name),
          size: file.bytes.length,
          qualityId: file.qualityId,
        });
      }
      books[title] = book.id;
    };
    await add('The Dispossessed', [
      { name: 'The Dispossessed.pdf', bytes: randomBytes(1000), qualityId: 1 },
      { name: 'The Dispossessed.epub', bytes: epub, qualityId: 3 },
    ]);
    await add('The Lathe of Heaven', [{ name: 'The Lathe of Heaven.m4b', bytes: randomBytes(5000), qualityId: 12 }]);
    await add('Always Coming Home', [{ name: 'Always Coming Home.epub', bytes: bigEpub, qualityId: 3 }]);
    await add('Lavinia', []);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('is in the notification schema with its fields, test and tags', async () => {
    const schema = (await t.api.get('/api/v1/notification/schema').expect(200)).body as Record<string, any>[];
    const template = schema.find((entry) => entry.implementation === 'SendToEReader');
    expect(template).toMatchObject({
      implementationName: 'Send to E-Reader',
      configContract: 'SendToEReaderSettings',
      supportsOnReleaseImport: true,
      supportsOnGrab: false,
      tags: [],
    });
    const byName = Object.fromEntries((template!.fields as { name: string; value: unknown }[]).map((f) => [f.name, f]));
    expect(byName.email).toMatchObject({ value: '' });
    expect(byName.formats).toMatchObject({ value: ['EPUB', 'PDF'], type: 'tag' });
    expect(byName.maxSizeMB).toMatchObject({ value: 50 });

    const invalid = await t.api
      .post('/api/v1/notification')
      .send({ ...template, name: 'Bad', fields: [{ name: 'email', value: 'not-an-address' }], onReleaseImport: true });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain('E-Reader Email');

    const test = await t.api
      .post('/api/v1/notification/test')
      .send({ ...template, name: 'Kindle', fields: fields(50) })
      .expect(200);
    expect(test.body).toEqual({});
    const mail = await waitFor('the test mail', () => toDevice().at(-1));
    expect(mail.subject).toBe('Test Notification');

    const created = await t.api
      .post('/api/v1/notification')
      .send({ ...template, name: 'Kindle', fields: fields(1), onReleaseImport: true })
      .expect(200);
    connectionId = created.body.id as number;
    expect(created.body.onReleaseImport).toBe(true);
  });

  it('sends the best acceptable file of each book and reports the others (command message)', async () => {
    const before = toDevice().length;
    const command = await runCommand(t, 'SendToEReader', {
      bookIds: [books['The Dispossessed'], books['The Lathe of Heaven'], books['Always Coming Home'], books.Lavinia],
      connectionId,
    });
    expect(command.status).toBe('completed');
    expect(command.message).toContain(
      `Sent 1 of 4: 'The Dispossessed': sent EPUB 'The Dispossessed.epub' (0.2 MB) to ${DEVICE}`,
    );
    expect(command.message).toContain(
      "'The Lathe of Heaven': not sent, no file in an acceptable format (EPUB, PDF); it has M4B",
    );
    expect(command.message).toContain("'Always Coming Home': not sent, EPUB is too large (2.0 MB > 1 MB)");
    expect(command.message).toContain("'Lavinia': not sent, no file in the library");

    const sent = toDevice().slice(before);
    expect(sent).toHaveLength(1);
    const parsed = await simpleParser(sent[0].raw);
    expect(parsed.from?.text).toContain('quire@library.example');
    expect(parsed.attachments).toHaveLength(1);
    const [attachment] = parsed.attachments;
    expect(attachment.filename).toBe('The Dispossessed.epub');
    expect(attachment.contentType).toBe('application/epub+zip');
    expect(Buffer.compare(attachment.content, epub)).toBe(0);

    // Stored in the hub's history as a connection delivery, the book by reference (no bytes in the database).
    const [row] = await db.query<{ state: string; metadata: Record<string, any>; bytes: number }[]>(
      `SELECT d.state, n.metadata, octet_length(n.metadata::text) AS bytes FROM hub_delivery d
       JOIN hub_notification n ON n.id = d.notification_id WHERE d.connection_id = $1 ORDER BY d.id DESC LIMIT 1`,
      [connectionId],
    );
    expect(row.state).toBe('delivered');
    expect(row.metadata.ereaderAttachment).toEqual({
      path: join(root, 'Le Guin', 'The Dispossessed.epub'),
      filename: 'The Dispossessed.epub',
      contentType: 'application/epub+zip',
    });
    expect(row.bytes).toBeLessThan(2000);
  });

  it('retries durably when the relay defers, attaching the file again from disk', async () => {
    const before = toDevice().length;
    smtp.rejectRecipientWith = 451;
    const command = await runCommand(t, 'SendToEReader', { bookIds: [books['The Dispossessed']], connectionId });
    expect(command.message).toContain('not accepted at the first attempt');
    smtp.rejectRecipientWith = undefined;
    const mail = await waitFor('the retried mail', () => toDevice()[before]);
    const parsed = await simpleParser(mail.raw);
    expect(Buffer.compare(parsed.attachments[0].content, epub)).toBe(0);
  });

  it('rejects a malformed command with 400 and a connection of another kind as a failed command', async () => {
    const missing = await t.api
      .post('/api/v1/command')
      .send({ name: 'SendToEReader', bookIds: [1] })
      .expect(400);
    expect(missing.body).toEqual([expect.objectContaining({ propertyName: 'ConnectionId' })]);
    const empty = await t.api
      .post('/api/v1/command')
      .send({ name: 'SendToEReader', bookIds: [], connectionId })
      .expect(400);
    expect(empty.body).toEqual([expect.objectContaining({ propertyName: 'BookIds' })]);

    const [other] = await db.query<{ id: number }[]>(
      `INSERT INTO provider_definition (kind, name, implementation, config_contract, settings, enable)
       VALUES ('notification', 'Hook', 'Webhook', 'WebhookSettings', '{"url":"http://127.0.0.1:9"}', false) RETURNING id`,
    );
    const wrong = await runCommand(t, 'SendToEReader', { bookIds: [books.Lavinia], connectionId: other.id });
    expect(wrong.status).toBe('failed');
    expect(wrong.message).toContain('is not a Send to E-Reader');
  });

  it('sends a newly imported book automatically (onReleaseImport), only to connections whose tags match', async () => {
    await t.api.put('/api/v1/config/mediamanagement').send({ skipFreeSpaceCheckWhenImporting: true }).expect(200);
    // A second device limited to a tag the author does not have gets nothing.
    const tag = (await t.api.post('/api/v1/tag').send({ label: 'scifi' }).expect(200)).body as { id: number };
    const schema = (await t.api.get('/api/v1/notification/schema').expect(200)).body as Record<string, any>[];
    await t.api
      .post('/api/v1/notification')
      .send({
        ...schema.find((entry) => entry.implementation === 'SendToEReader'),
        name: 'Tagged Kobo',
        fields: [{ name: 'email', value: 'kobo@reader.example' }],
        onReleaseImport: true,
        tags: [tag.id],
      })
      .expect(200);
    const author = await createAuthor(db, {
      name: 'Octavia E. Butler',
      rootFolderPath: root,
      path: join(root, 'Octavia E. Butler'),
    });
    const kindred = await createBook(db, author, { title: 'Kindred' });
    const incoming = mkdtempSync(join(tmpdir(), 'quire-ereader-in-'));
    const source = join(incoming, 'Kindred.epub');
    await makeEpub(source, { title: 'Kindred', author: 'Octavia E. Butler' });
    const before = toDevice().length;
    const toKobo = () => smtp.messages.filter((mail) => mail.envelopeTo.includes('kobo@reader.example')).length;
    const koboBefore = toKobo();
    const imported = await runCommand(t, 'ManualImport', {
      importMode: 'copy',
      files: [{ path: source, authorId: author.id, bookId: kindred.id }],
    });
    expect(imported.message).toBe('Imported 1 of 1 files');
    const mail = await waitFor('the mail after the import', () => toDevice()[before]);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0].contentType).toBe('application/epub+zip');
    expect(parsed.attachments[0].filename).toMatch(/Kindred\.epub$/);
    expect(Buffer.compare(parsed.attachments[0].content, readFileSync(source))).toBe(0);
    await drainCommands(t);
    expect(toKobo()).toBe(koboBefore);
  });
});
