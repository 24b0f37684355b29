import { DataSource } from 'typeorm';
import { LibraryEventListener } from '../../../../src/notifications/library-events/library-event.listener';
import { createAuthor, createBook } from '../../../factories';
import { FakeHttpServer, sendJson } from '../../../fakes/fake-http';
import { emitLibraryEvent, libraryEvents } from '../../../utils/library-events';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

const HOOK_PASSWORD = 'hook-secret-password';

describe('providers: notification connections', () => {
  let t: TestApp;
  let hooks: FakeHttpServer;

  beforeAll(async () => {
    hooks = await new FakeHttpServer((request, response) =>
      request.url.pathname === '/broken' ? sendJson(response, 500, {}) : sendJson(response, 200, { id: 'x' }),
    ).start();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await hooks.stop();
  });

  const webhook = (url: string, extra: Record<string, unknown> = {}) => ({
    name: `Hook ${Math.random().toString(36).slice(2, 7)}`,
    implementation: 'Webhook',
    configContract: 'WebhookSettings',
    onGrab: true,
    onReleaseImport: false,
    fields: [
      { name: 'url', value: url },
      { name: 'method', value: 1 },
      { name: 'username', value: 'quire' },
      { name: 'password', value: HOOK_PASSWORD },
    ],
    ...extra,
  });

  it('schema lists the connections with on*/supportsOn* flags', async () => {
    const schema = (await t.api.get('/api/v1/notification/schema').expect(200)).body;
    expect(schema.map((s: { implementation: string }) => s.implementation)).toEqual([
      'Discord',
      'Email',
      'HomeAssistant',
      'Notifiarr',
      'Ntfy',
      'Pushover',
      'QuireHub',
      'SendToEReader',
      'Telegram',
      'Webhook',
    ]);
    const hook = schema.find((s: { implementation: string }) => s.implementation === 'Webhook');
    expect(hook).toMatchObject({
      configContract: 'WebhookSettings',
      onGrab: false,
      supportsOnGrab: true,
      supportsOnHealthIssue: true,
    });
    expect(hook.fields.map((f: { name: string }) => f.name)).toEqual(['url', 'method', 'username', 'password']);
    expect(schema.find((s: { implementation: string }) => s.implementation === 'Ntfy')).toMatchObject({
      implementationName: 'ntfy.sh',
    });
    expect(
      schema
        .find((s: { implementation: string }) => s.implementation === 'Email')
        .fields.map((f: { name: string }) => f.name),
    ).toEqual(
      expect.arrayContaining([
        'server',
        'port',
        'requireEncryption',
        'username',
        'password',
        'from',
        'to',
        'cc',
        'bcc',
      ]),
    );
  });

  it('a webhook is tested on save with Readarr’s Test payload; a failing endpoint is a 400 unless forceSave', async () => {
    const created = await t.api
      .post('/api/v1/notification')
      .send(webhook(`${hooks.url}/hook`))
      .expect(200);
    expect(created.text).not.toContain(HOOK_PASSWORD);
    const test = hooks.requests.find((r) => r.url.pathname === '/hook')!;
    expect(test.method).toBe('POST');
    expect(test.headers.authorization).toBe(`Basic ${Buffer.from(`quire:${HOOK_PASSWORD}`).toString('base64')}`);
    expect(JSON.parse(test.body.toString())).toMatchObject({ eventType: 'Test', author: { name: 'Test Name' } });
    const failing = await t.api
      .post('/api/v1/notification')
      .send(webhook(`${hooks.url}/broken`))
      .expect(400);
    expect(failing.body[0]).toMatchObject({ propertyName: 'Url', errorMessage: expect.stringMatching(/HTTP 500/) });
    await t.api
      .post('/api/v1/notification?forceSave=true')
      .send(webhook(`${hooks.url}/broken`))
      .expect(200);
  });

  it('delivers library events to the connections whose on* flag is set, with the webhook event type', async () => {
    await t.api
      .post('/api/v1/notification')
      .send(webhook(`${hooks.url}/imports`, { onGrab: false, onReleaseImport: true }))
      .expect(200);
    const before = hooks.requests.length;
    await emitLibraryEvent(t, libraryEvents.grabbed('x'));
    const sent = hooks.requests.slice(before);
    // The grab goes to both onGrab hooks (the broken one fails quietly), not to the import-only one.
    expect(sent.map((r) => r.url.pathname).sort()).toEqual(['/broken', '/hook']);
    expect(JSON.parse(sent.find((r) => r.url.pathname === '/hook')!.body.toString())).toMatchObject({
      eventType: 'Grab',
      release: { releaseTitle: 'x' },
    });
  });

  it('ntfy connections publish to each topic through the hub’s channel class', async () => {
    const before = hooks.requests.length;
    await t.api
      .post('/api/v1/notification/test')
      .send({
        name: 'ntfy',
        implementation: 'Ntfy',
        fields: [
          { name: 'serverUrl', value: hooks.url },
          { name: 'topics', value: 'books,quire' },
          { name: 'accessToken', value: 'tk_secret' },
        ],
      })
      .expect(200, {});
    const sent = hooks.requests.slice(before);
    expect(sent.map((r) => r.url.pathname)).toEqual(['/books', '/quire']);
    expect(sent[0].headers.authorization).toBe('Bearer tk_secret');
  });

  /** The JSON bodies the fake received at these paths since `before`. */
  const payloadsAt = (before: number, ...paths: string[]) =>
    hooks.requests
      .slice(before)
      .filter((request) => paths.includes(request.url.pathname))
      .map(
        (request) => ({ at: request.url.pathname, ...JSON.parse(request.body.toString()) }) as Record<string, unknown>,
      );

  it('an import reaches onReleaseImport connections; an upgrade only those with onUpgrade too (Readarr)', async () => {
    const flags = { onGrab: false, onReleaseImport: true };
    await t.api
      .post('/api/v1/notification')
      .send(webhook(`${hooks.url}/release-only`, flags))
      .expect(200);
    await t.api
      .post('/api/v1/notification')
      .send(webhook(`${hooks.url}/with-upgrade`, { ...flags, onUpgrade: true }))
      .expect(200);
    let before = hooks.requests.length;
    await emitLibraryEvent(t, libraryEvents.imported(true));
    expect(payloadsAt(before, '/release-only', '/with-upgrade')).toEqual([
      expect.objectContaining({ at: '/with-upgrade', eventType: 'Download', book: { id: 7, title: 'Emma' } }),
    ]);
    before = hooks.requests.length;
    await emitLibraryEvent(t, libraryEvents.imported(false));
    expect(
      payloadsAt(before, '/release-only', '/with-upgrade')
        .map((payload) => payload.at)
        .sort(),
    ).toEqual(['/release-only', '/with-upgrade']);
  });

  it('deleting a book and an author notifies onBookDelete / onAuthorDelete connections', async () => {
    await t.api
      .post('/api/v1/notification')
      .send(webhook(`${hooks.url}/deletes`, { onGrab: false, onBookDelete: true, onAuthorDelete: true }))
      .expect(200);
    const db = t.app.get(DataSource);
    const author = await createAuthor(db, { name: 'Delia Deleted' });
    const book = await createBook(db, author, { title: 'Gone Book' });
    const before = hooks.requests.length;
    await t.api.delete(`/api/v1/book/${book.id}`).expect(200);
    await t.api.delete(`/api/v1/author/${author.id}`).expect(200);
    await t.app.get(LibraryEventListener).idle();
    expect(payloadsAt(before, '/deletes')).toEqual([
      expect.objectContaining({
        eventType: 'BookDelete',
        book: expect.objectContaining({ id: book.id, title: 'Gone Book' }),
        deletedFiles: false,
      }),
      expect.objectContaining({
        eventType: 'AuthorDelete',
        author: expect.objectContaining({ id: author.id, name: 'Delia Deleted' }),
      }),
    ]);
  });
});
