import { Logger } from '@nestjs/common';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BookImportedEvent } from '../../../../src/files/import/import.events';
import { FakeSmtp, ReceivedMail, selfSignedCertificate } from '../../../fakes/smtp.fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { emitLibraryEvent } from '../../../utils/library-events';

/**
 * Readarr's Email connection: To and Cc in their headers, Bcc in the SMTP envelope only, and `requireEncryption`
 * refusing to send unless the relay's connection is encrypted (STARTTLS on ports other than 465).
 */
describe('Email connection: recipients and required encryption, through real SMTP', () => {
  let t: TestApp;
  let plain: FakeSmtp;
  let withTls: FakeSmtp;

  const emailTest = (relay: FakeSmtp, fields: Record<string, unknown>) =>
    t.api.post('/api/v1/notification/test').send({
      name: 'mail',
      implementation: 'Email',
      configContract: 'EmailSettings',
      fields: Object.entries({
        server: '127.0.0.1',
        port: relay.port,
        from: 'quire@example.test',
        to: ['reader@example.test'],
        ...fields,
      }).map(([name, value]) => ({ name, value })),
    });

  const headerBlock = (mail: ReceivedMail) => mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/));

  beforeAll(async () => {
    plain = await new FakeSmtp().start();
    withTls = await new FakeSmtp(selfSignedCertificate()).start();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await plain?.stop();
    await withTls?.stop();
  });

  it('names To and Cc in their headers and Bcc only in the envelope', async () => {
    await emailTest(plain, {
      to: ['reader@example.test', 'second@example.test'],
      cc: ['copy@example.test'],
      bcc: ['hidden@example.test', 'secret-watcher@example.test'],
    }).expect(200);

    const mail = plain.messages.at(-1)!;
    expect(mail.to).toBe('reader@example.test, second@example.test');
    expect(mail.headers.cc).toBe('copy@example.test');
    expect(mail.headers.bcc).toBeUndefined();
    expect(headerBlock(mail)).not.toMatch(/hidden@|secret-watcher@/);
    expect(mail.envelopeTo.sort()).toEqual(
      [
        'copy@example.test',
        'hidden@example.test',
        'reader@example.test',
        'second@example.test',
        'secret-watcher@example.test',
      ].sort(),
    );
  });

  it('sends to Bcc recipients alone, with no To or Cc header', async () => {
    await emailTest(plain, { to: [], bcc: ['hidden@example.test'] }).expect(200);

    const mail = plain.messages.at(-1)!;
    expect(mail.envelopeTo).toEqual(['hidden@example.test']);
    expect(headerBlock(mail)).not.toMatch(/hidden@/);
  });

  it('asks for one recipient at least, and addresses that have an @ with something on each side', async () => {
    const before = plain.messages.length;
    const none = await emailTest(plain, { to: [], cc: [], bcc: [] }).expect(400);
    expect(none.body).toEqual([
      expect.objectContaining({
        propertyName: 'To',
        errorMessage: 'At least one recipient is needed in To, CC or BCC.',
      }),
    ]);
    const bad = await emailTest(plain, { bcc: ['not-an-address'] }).expect(400);
    expect(bad.body).toEqual([
      expect.objectContaining({
        propertyName: 'Bcc',
        errorMessage: "'BCC Address(es)' must be valid email addresses.",
      }),
    ]);
    expect(plain.messages.length).toBe(before);
    await emailTest(plain, { to: [], cc: ['Copy Reader <copy@example.test>'] }).expect(200);
    expect(plain.messages.at(-1)!.envelopeTo).toEqual(['copy@example.test']);
  });

  it('requireEncryption: a relay without STARTTLS gets nothing; the test says why and the log keeps it', async () => {
    const warnings: string[] = [];
    const spy = jest
      .spyOn(Logger.prototype, 'warn')
      .mockImplementation((message: unknown) => void warnings.push(String(message)));
    const before = plain.messages.length;
    try {
      const response = await emailTest(plain, { requireEncryption: true, password: 'smtp-SECRET-9' }).expect(400);
      expect(response.body[0]).toMatchObject({
        propertyName: 'Server',
        errorMessage: expect.stringMatching(/TLS could not be started, so nothing was sent/),
      });
      expect(response.text).not.toContain('smtp-SECRET-9');
    } finally {
      spy.mockRestore();
    }
    expect(plain.messages.length).toBe(before);
    expect(warnings.join('\n')).toMatch(/Test email via 127\.0\.0\.1 failed: .*TLS could not be started/);
  });

  it('requireEncryption: a relay that offers STARTTLS gets the mail over TLS', async () => {
    await emailTest(withTls, { requireEncryption: true, bcc: ['hidden@example.test'] }).expect(200);

    const mail = withTls.messages.at(-1)!;
    expect(mail.secure).toBe(true);
    expect(mail.envelopeTo.sort()).toEqual(['hidden@example.test', 'reader@example.test']);
  });

  it('without requireEncryption, STARTTLS is used when offered and plain text is accepted when it is not', async () => {
    await emailTest(withTls, {}).expect(200);
    expect(withTls.messages.at(-1)!.secure).toBe(true);
    await emailTest(plain, {}).expect(200);
    expect(plain.messages.at(-1)!.secure).toBe(false);
  });

  it('attachFiles: an imported ebook goes along with the import mail; an audiobook file does not', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'quire-email-attach-'));
    const epub = join(folder, 'Emma.epub');
    writeFileSync(epub, 'PK-the-book-bytes-7731');
    writeFileSync(join(folder, 'Emma.m4b'), 'audio-bytes');
    await t.api
      .post('/api/v1/notification')
      .send({
        name: 'attach',
        implementation: 'Email',
        configContract: 'EmailSettings',
        onReleaseImport: true,
        fields: [
          { name: 'server', value: '127.0.0.1' },
          { name: 'port', value: plain.port },
          { name: 'from', value: 'quire@example.test' },
          { name: 'to', value: ['reader@example.test'] },
          { name: 'attachFiles', value: true },
        ],
      })
      .expect(200);
    const imported = (path: string) =>
      new BookImportedEvent({
        authorId: 2,
        bookId: 7,
        bookFileId: 3,
        path,
        sourcePath: '/downloads/Emma',
        qualityId: 3,
        isUpgrade: false,
        authorName: 'Jane Austen',
        bookTitle: 'Emma',
      });

    const before = plain.messages.length;
    await emitLibraryEvent(t, imported(epub));
    const withBook = plain.messages.slice(before).find((mail) => mail.subject === 'Book imported')!;
    expect(withBook.raw).toMatch(/Content-Disposition: attachment; filename=Emma\.epub/i);
    expect(withBook.raw).toContain(Buffer.from('PK-the-book-bytes-7731').toString('base64'));

    const next = plain.messages.length;
    await emitLibraryEvent(t, imported(join(folder, 'Emma.m4b')));
    const withoutBook = plain.messages.slice(next).find((mail) => mail.subject === 'Book imported')!;
    expect(withoutBook.raw).not.toMatch(/Content-Disposition: attachment/i);
  });
});
