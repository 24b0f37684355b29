import { FakePushover } from '../../../fakes/pushover.fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { emitLibraryEvent, libraryEvents } from '../../../utils/library-events';

const TOKEN = 'app-token-0123456789';
const USER = 'user-key-0123456789';

/** Readarr's Pushover: a form to /1/messages.json (a fake Pushover here). */
describe('Pushover connection (fake Pushover API)', () => {
  let t: TestApp;
  const pushover = new FakePushover(TOKEN, USER);

  const connection = (overrides: Record<string, unknown> = {}, flags: Record<string, boolean> = {}) => ({
    name: 'Pushover',
    implementation: 'Pushover',
    configContract: 'PushoverSettings',
    fields: Object.entries({ apiKey: TOKEN, userKey: USER, devices: [], priority: 0, sound: '', ...overrides }).map(
      ([name, value]) => ({ name, value }),
    ),
    ...flags,
  });
  const test = (overrides: Record<string, unknown> = {}) =>
    t.api.post('/api/v1/notification/test').send(connection(overrides));

  beforeAll(async () => {
    await pushover.start();
    t = await createTestApp({ PUSHOVER_API_URL: pushover.url });
  });

  afterAll(async () => {
    await t?.close();
    await pushover.stop();
  });

  it('test posts token, user, devices, title, message, priority and sound; emergency adds retry and expire', async () => {
    const before = pushover.messages.length;
    await test({ devices: ['phone', 'tablet'], priority: 1, sound: 'magic' }).expect(200, {});
    await test({ priority: 2, retry: 60, expire: 3600 }).expect(200, {});
    const [high, emergency] = pushover.messages.slice(before);
    expect(high).toEqual({
      token: TOKEN,
      user: USER,
      device: 'phone,tablet',
      title: 'Test Notification',
      message: 'This is a test message from Quire',
      priority: '1',
      sound: 'magic',
    });
    expect(emergency).toMatchObject({ priority: '2', retry: '60', expire: '3600' });
  });

  it('a refused test is Readarr’s “Unable to send test message” on ApiKey; emergency needs a retry of 30 s or more', async () => {
    const refused = await test({ userKey: 'someone-else' }).expect(400);
    expect(refused.body[0]).toMatchObject({ propertyName: 'ApiKey', errorMessage: 'Unable to send test message' });
    const invalid = await t.api
      .post('/api/v1/notification')
      .send(connection({ priority: 2, retry: 10, expire: 60 }, { onGrab: true }))
      .expect(400);
    expect(invalid.body[0]).toMatchObject({ errorMessage: "'Retry' must be greater than or equal to '30'." });
  });

  it('a grab is Readarr’s title and message; rename is not a Pushover event', async () => {
    const created = await t.api
      .post('/api/v1/notification?forceSave=true')
      .send(connection({}, { onGrab: true, onRename: true }))
      .expect(200);
    expect(created.body).toMatchObject({ supportsOnRename: false, onRename: false, supportsOnHealthIssue: true });
    const before = pushover.messages.length;
    await emitLibraryEvent(t, libraryEvents.grabbed());
    await emitLibraryEvent(t, libraryEvents.renamed());
    expect(pushover.messages.slice(before).map((form) => [form.title, form.message])).toEqual([
      ['Book Grabbed', 'Frank Herbert - Dune - [EPUB]'],
    ]);
  });
});
