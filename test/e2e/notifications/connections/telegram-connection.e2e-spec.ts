import { AuthorDeletedEvent } from '../../../../src/library/author/author.events';
import { HealthIssuesChangedEvent } from '../../../../src/platform/system/health/health.events';
import { FakeTelegram } from '../../../fakes/telegram.fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { emitLibraryEvent, libraryEvents } from '../../../utils/library-events';

const TOKEN = '123456:ABC-token';
const CHAT = '-1001234';

/** Readarr's Telegram: sendMessage with HTML parse mode at the Bot API (a fake Bot API here). */
describe('Telegram connection (fake Bot API)', () => {
  let t: TestApp;
  const telegram = new FakeTelegram(TOKEN, new Set([CHAT]), new Set(['42']));

  const fields = (overrides: Record<string, unknown> = {}) =>
    Object.entries({ botToken: TOKEN, chatId: CHAT, topicId: null, sendSilently: false, ...overrides }).map(
      ([name, value]) => ({ name, value }),
    );
  const connection = (overrides: Record<string, unknown> = {}, flags: Record<string, boolean> = {}) => ({
    name: 'Telegram',
    implementation: 'Telegram',
    configContract: 'TelegramSettings',
    fields: fields(overrides),
    ...flags,
  });
  const test = (overrides: Record<string, unknown> = {}) =>
    t.api.post('/api/v1/notification/test').send(connection(overrides));

  beforeAll(async () => {
    await telegram.start();
    t = await createTestApp({ TELEGRAM_API_URL: telegram.url });
  });

  afterAll(async () => {
    await t?.close();
    await telegram.stop();
  });

  it('test sends the bold title and message with parse_mode HTML to the chat, loud unless silent, in the topic', async () => {
    const before = telegram.messages.length;
    await test().expect(200, {});
    await test({ sendSilently: true, topicId: 42 }).expect(200, {});
    const [loud, silent] = telegram.messages.slice(before);
    expect(loud.request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(loud.form).toEqual({
      chat_id: CHAT,
      parse_mode: 'HTML',
      text: '<b>Test Notification</b>\nThis is a test message from Quire',
      disable_notification: 'False',
    });
    expect(silent.form).toMatchObject({ disable_notification: 'True', message_thread_id: '42' });
  });

  it('test answers the Bot API’s 400 description on the field it is about; a bad token is Readarr’s message', async () => {
    const failure = async (overrides: Record<string, unknown>) => (await test(overrides).expect(400)).body[0];
    expect(await failure({ chatId: '777' })).toMatchObject({
      propertyName: 'ChatId',
      errorMessage: 'Bad Request: chat not found',
    });
    expect(await failure({ topicId: 9 })).toMatchObject({
      propertyName: 'TopicId',
      errorMessage: 'Bad Request: message thread not found',
    });
    expect(await failure({ botToken: '999:wrong' })).toMatchObject({
      propertyName: 'BotToken',
      errorMessage: 'Unable to send test message',
    });
    // Readarr's rule: a topic id is greater than 1 or empty.
    const invalid = await t.api
      .post('/api/v1/notification')
      .send(connection({ topicId: 1 }, { onGrab: true }))
      .expect(400);
    expect(invalid.body[0]).toMatchObject({ errorMessage: 'Topic ID must be greater than 1 or empty' });
  });

  it('events: Readarr’s title and message, HTML-escaped; rename and retag are not Telegram events', async () => {
    const created = await t.api
      .post('/api/v1/notification?forceSave=true')
      .send(connection({}, { onGrab: true, onAuthorDelete: true, onHealthIssue: true, onRename: true }))
      .expect(200);
    expect(created.body).toMatchObject({ supportsOnRename: false, supportsOnBookRetag: false, onRename: false });
    const before = telegram.messages.length;
    await emitLibraryEvent(t, libraryEvents.grabbed());
    await emitLibraryEvent(t, new AuthorDeletedEvent(5, 'OL1A', 'Tom & Jerry <Co>', '/books/Tom', false, false));
    await emitLibraryEvent(
      t,
      new HealthIssuesChangedEvent([{ source: 'RootFolderCheck', type: 'error', message: 'Missing root folder' }], []),
    );
    await emitLibraryEvent(t, libraryEvents.renamed());
    expect(telegram.messages.slice(before).map((message) => message.form.text)).toEqual([
      '<b>Book Grabbed</b>\nFrank Herbert - Dune - [EPUB]',
      '<b>Author Deleted</b>\nTom &amp; Jerry &lt;Co&gt; - Author removed, files were not deleted',
      '<b>Health Check Failure</b>\nMissing root folder',
    ]);
  });
});
