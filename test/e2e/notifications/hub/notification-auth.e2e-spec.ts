import { FakeNtfy } from '../../../fakes/ntfy.fake';
import { createTestApp, TEST_API_KEY, TestApp } from '../../../utils/create-test-app';

const HUB_TOKEN = 'hub-token-0123456789';

describe('notification hub: HUB_API_TOKEN', () => {
  let t: TestApp;
  let ntfy: FakeNtfy;
  const payload = { source_agent: 'a', title: 't', body: 'b', channels: ['ntfy'] };

  beforeAll(async () => {
    ntfy = await new FakeNtfy().start();
    t = await createTestApp({ HUB_API_TOKEN: HUB_TOKEN, HUB_NTFY_URL: ntfy.url, HUB_RETRY_MAX_ATTEMPTS: '1' });
  });
  afterAll(async () => {
    await t?.close();
    await ntfy?.stop();
  });

  it('POST /notify needs Authorization: Bearer <HUB_API_TOKEN>', async () => {
    const missing = await t.anonymous().post('/notify').send(payload).expect(401);
    expect(missing.body.message).toMatch(/Bearer/);
    await t.anonymous().post('/notify').set('Authorization', 'Bearer wrong-token').send(payload).expect(401);
    await t.anonymous().post('/notify').set('Authorization', `Bearer ${HUB_TOKEN}x`).send(payload).expect(401);
    // The Quire API key is not the hub token.
    await t.anonymous().post('/notify').set('X-Api-Key', TEST_API_KEY).send(payload).expect(401);
    expect(ntfy.requests).toBe(0);
    const ok = await t
      .anonymous()
      .post('/notify')
      .set('Authorization', `Bearer ${HUB_TOKEN}`)
      .send(payload)
      .expect(200);
    expect(ok.body).toMatchObject({ channels_dispatched: ['ntfy'], status: 'ok' });
  });

  it('/health and /metrics stay public; /notifications needs the API key, not the hub token', async () => {
    await t.anonymous().get('/health').expect(200, { status: 'ok' });
    await t.anonymous().get('/metrics').expect(200);
    await t.anonymous().get('/notifications').set('Authorization', `Bearer ${HUB_TOKEN}`).expect(401);
    await t.api.get('/notifications').expect(200);
  });
});
