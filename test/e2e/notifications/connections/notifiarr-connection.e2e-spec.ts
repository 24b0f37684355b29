import { FakeHttpServer, sendJson } from '../../../fakes/fake-http';
import { FakeNotifiarr } from '../../../fakes/notifiarr.fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { emitLibraryEvent, libraryEvents } from '../../../utils/library-events';

const API_KEY = 'notifiarr-key-0123456789';

/** Readarr's Notifiarr: the Webhook's payload to notifiarr.com with the API key (a fake Notifiarr here). */
describe('Notifiarr connection (fake Notifiarr)', () => {
  let t: TestApp;
  const notifiarr = new FakeNotifiarr([API_KEY]);
  const hook = new FakeHttpServer((_request, response) => sendJson(response, 200, {}));

  const connection = (apiKey: string, flags: Record<string, boolean> = {}) => ({
    name: `Notifiarr ${apiKey.slice(0, 4)}`,
    implementation: 'Notifiarr',
    configContract: 'NotifiarrSettings',
    fields: [{ name: 'apiKey', value: apiKey }],
    ...flags,
  });
  const test = (apiKey: string) => t.api.post('/api/v1/notification/test').send(connection(apiKey));

  beforeAll(async () => {
    await Promise.all([notifiarr.start(), hook.start()]);
    t = await createTestApp({ NOTIFIARR_URL: notifiarr.url });
  });

  afterAll(async () => {
    await t?.close();
    await Promise.all([notifiarr.stop(), hook.stop()]);
  });

  it('test posts Readarr’s Test payload with the API key in X-API-Key', async () => {
    const before = notifiarr.received.length;
    await test(API_KEY).expect(200, {});
    const [sent] = notifiarr.received.slice(before);
    expect(sent.request.headers['content-type']).toBe('application/json');
    expect(sent.body).toEqual({
      eventType: 'Test',
      instanceName: 'Quire',
      author: { id: 1, name: 'Test Name', path: 'C:\\testpath', goodreadsId: 'aaaaa-aaa-aaaa-aaaaaa' },
      books: [{ id: 123, title: 'Test title' }],
    });
  });

  it('test answers Readarr’s messages: invalid key, service unavailable, Cloudflare, unknown; a 400 is no failure', async () => {
    const failure = async (apiKey: string) => (await test(apiKey).expect(400)).body[0];
    expect(await failure('wrong-key')).toMatchObject({ propertyName: 'APIKey', errorMessage: 'API key is invalid' });
    notifiarr.answers = [503];
    expect((await failure(API_KEY)).errorMessage).toBe('Unable to send notification. Service Unavailable');
    notifiarr.answers = [522];
    expect((await failure(API_KEY)).errorMessage).toBe('Cloudflare Related HTTP Error - Unable to send notification');
    notifiarr.answers = [500];
    expect((await failure(API_KEY)).errorMessage).toBe('Unknown HTTP Error - Unable to send notification');
    // Readarr: a 400 is an event Notifiarr has no channel for, not a broken connection.
    notifiarr.answers = [400];
    await test(API_KEY).expect(200, {});
    // The API key is required.
    const empty = await t.api
      .post('/api/v1/notification')
      .send(connection('', { onGrab: true }))
      .expect(400);
    expect(empty.body[0]).toMatchObject({ propertyName: 'ApiKey' });
  });

  it('sends the Webhook connection’s payload for an event; rename and retag are not Notifiarr events (supportsOn*)', async () => {
    const created = await t.api
      .post('/api/v1/notification?forceSave=true')
      .send(connection(API_KEY, { onGrab: true, onRename: true, onBookRetag: true }))
      .expect(200);
    expect(created.body).toMatchObject({
      onGrab: true,
      onRename: false,
      onBookRetag: false,
      supportsOnGrab: true,
      supportsOnReleaseImport: true,
      supportsOnRename: false,
      supportsOnBookRetag: false,
      supportsOnDownloadFailure: false,
      supportsOnImportFailure: false,
      supportsOnHealthIssue: true,
    });
    await t.api
      .post('/api/v1/notification?forceSave=true')
      .send({
        name: 'Webhook twin',
        implementation: 'Webhook',
        configContract: 'WebhookSettings',
        fields: [{ name: 'url', value: `${hook.url}/twin` }],
        onGrab: true,
      })
      .expect(200);
    const before = notifiarr.received.length;
    const hooksBefore = hook.requests.length;
    await emitLibraryEvent(t, libraryEvents.grabbed('Dune (epub)'));
    const [sent] = notifiarr.received.slice(before);
    expect(sent.apiKey).toBe(API_KEY);
    expect(sent.body).toMatchObject({ eventType: 'Grab', release: { releaseTitle: 'Dune (epub)' } });
    expect(sent.body).toEqual(JSON.parse(hook.requests[hooksBefore].body.toString()));
    await emitLibraryEvent(t, libraryEvents.renamed());
    expect(notifiarr.received.length).toBe(before + 1);
  });
});
