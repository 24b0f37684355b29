import { Logger } from '@nestjs/common';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeNtfy } from '../../../fakes/ntfy.fake';
import { FakeSmtp } from '../../../fakes/smtp.fake';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

/**
 * Routing-file loading: read once at start-up; missing or malformed → start anyway with
 * default: [email] and log why; a table without a default → ["email"].
 */
describe('notification hub: routing file', () => {
  let smtp: FakeSmtp;
  let ntfy: FakeNtfy;
  let dir: string;
  let t: TestApp | undefined;
  let warnings: Record<string, unknown>[];
  let warnSpy: jest.SpyInstance;

  beforeAll(async () => {
    smtp = await new FakeSmtp().start();
    ntfy = await new FakeNtfy().start();
    dir = mkdtempSync(join(tmpdir(), 'quire-routes-'));
  });

  beforeEach(() => {
    warnings = [];
    warnSpy = jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
      if (message && typeof message === 'object') warnings.push(message as Record<string, unknown>);
    });
  });

  afterEach(async () => {
    await t?.close();
    t = undefined;
    warnSpy.mockRestore();
  });

  afterAll(async () => {
    await Promise.all([smtp.stop(), ntfy.stop()]);
  });

  const start = (routesFile: string) =>
    createTestApp({
      HUB_SMTP_HOST: '127.0.0.1',
      HUB_SMTP_PORT: String(smtp.port),
      HUB_SMTP_TO: 'reader@example.test',
      HUB_NTFY_URL: ntfy.url,
      HUB_ROUTES_FILE: routesFile,
      HUB_RETRY_MAX_ATTEMPTS: '1',
    });

  const write = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  const startupWarning = () => warnings.find((entry) => entry.event === 'notification_hub.startup');

  it('a missing file: starts, logs why, and routes everything to email', async () => {
    t = await start(join(dir, 'does-not-exist.yaml'));
    await t.anonymous().get('/health').expect(200, { status: 'ok' });
    expect(startupWarning()).toMatchObject({ routes_loaded: false, routes_error: 'file not found' });
    const before = smtp.messages.length;
    const response = await t.anonymous().post('/notify').send({ source_agent: 'deploy-bot', title: 't', body: 'b' });
    expect(response.body).toMatchObject({ channels_dispatched: ['email'], status: 'ok' });
    expect(smtp.messages.length).toBe(before + 1);
  });

  it.each([
    ['invalid YAML', 'routes: [unclosed', /not valid YAML/],
    ['a wrong structure', 'routes:\n  - ntfy\n', /"routes" must be a mapping/],
    ['an unknown channel', 'routes:\n  deploy-bot: [pager]\n  default: [ntfy]\n', /unknown channel "pager"/],
  ])('a malformed file (%s): starts, logs why, and uses default: [email]', async (_name, text, reason) => {
    t = await start(write(`bad-${Math.random()}.yaml`, text));
    expect(startupWarning()).toMatchObject({ routes_loaded: false, routes_error: expect.stringMatching(reason) });
    const response = await t.anonymous().post('/notify').send({ source_agent: 'deploy-bot', title: 't', body: 'b' });
    expect(response.body).toMatchObject({ channels_dispatched: ['email'], status: 'ok' });
  });

  it('4. a table without a default entry sends unknown agents to ["email"]; listed agents keep their route', async () => {
    t = await start(write('no-default.yaml', 'routes:\n  deploy-bot: [ntfy]\n'));
    expect(startupWarning()).toBeUndefined();
    const other = await t.anonymous().post('/notify').send({ source_agent: 'someone', title: 't', body: 'b' });
    expect(other.body).toMatchObject({ channels_dispatched: ['email'], status: 'ok' });
    const listed = await t.anonymous().post('/notify').send({ source_agent: 'deploy-bot', title: 't', body: 'b' });
    expect(listed.body).toMatchObject({ channels_dispatched: ['ntfy'], status: 'ok' });
  });

  it('is read once at start-up: a later change needs a restart', async () => {
    const file = write('changing.yaml', 'routes:\n  default: [ntfy]\n');
    t = await start(file);
    writeFileSync(file, 'routes:\n  default: [email]\n');
    const response = await t.anonymous().post('/notify').send({ source_agent: 'x', title: 't', body: 'b' });
    expect(response.body.channels_dispatched).toEqual(['ntfy']);
  });

  it('a skipped channel (empty configuration) counts as not delivered: all skipped → failed', async () => {
    t = await createTestApp({ HUB_SMTP_TO: '', HUB_NTFY_URL: '', HUB_HA_WEBHOOK_URL: '' });
    const logs: Record<string, unknown>[] = [];
    const spy = jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => {
      if (message && typeof message === 'object') logs.push(message as Record<string, unknown>);
    });
    try {
      const response = await t
        .anonymous()
        .post('/notify')
        .send({ source_agent: 'x', title: 't', body: 'b', channels: ['email', 'ntfy', 'ha_tts'] })
        .expect(200);
      expect(response.body).toMatchObject({ channels_dispatched: [], status: 'failed' });
      const skipped = logs.filter((entry) => entry.notification_id === response.body.notification_id);
      expect(skipped.map((entry) => entry.event)).toEqual(
        expect.arrayContaining(['email.skipped', 'ntfy.skipped', 'ha_tts.skipped']),
      );
      expect(skipped.find((entry) => entry.event === 'email.skipped')).toMatchObject({
        reason: 'HUB_SMTP_TO is empty',
      });
      const record = await t.api.get(`/notifications/${response.body.notification_id}`).expect(200);
      expect(record.body.deliveries.map((d: { state: string }) => d.state)).toEqual(['skipped', 'skipped', 'skipped']);
    } finally {
      spy.mockRestore();
    }
  });
});
