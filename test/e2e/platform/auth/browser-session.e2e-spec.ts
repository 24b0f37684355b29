import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type request from 'supertest';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

const USER = 'reader';
const PASSWORD = 'pw-123456';
// A JPEG's magic bytes are enough for the cover route's content sniffing.
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 3]);

function binary(test: request.Test): request.Test {
  return test.buffer(true).parse((response, callback) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => callback(null, Buffer.concat(chunks)));
  });
}

function sessionCookie(response: request.Response): string {
  const header = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = header.find((line) => line.startsWith('QuireAuth='));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(header)}`);
  return cookie;
}

describe('browser sessions: forms login, cookie-only downloads, CSRF', () => {
  let t: TestApp;
  let backupPath: string;
  let cookie: string;
  let browserUrls: string[];

  const configureHost = async (changes: Record<string, unknown>) => {
    const current = (await t.api.get('/api/v1/config/host').expect(200)).body;
    await t.api
      .put('/api/v1/config/host')
      .send({ ...current, ...changes })
      .expect(200);
  };

  const login = async () => {
    const response = await t.anonymous().post('/login').type('form').send({ username: USER, password: PASSWORD });
    expect(response.status).toBe(303);
    return sessionCookie(response).split(';')[0];
  };

  beforeAll(async () => {
    t = await createTestApp();
    mkdirSync(join(t.dataDir, 'MediaCover', '7'), { recursive: true });
    writeFileSync(join(t.dataDir, 'MediaCover', '7', 'poster.jpg'), JPEG);
    mkdirSync(join(t.dataDir, 'logs'), { recursive: true });
    writeFileSync(join(t.dataDir, 'logs', 'quire.txt'), '2026-01-01 00:00:00.0|Info|Spec|a log line\n');
    await runCommand(t, 'Backup', { type: 'manual' });
    backupPath = (await t.api.get('/api/v1/system/backup').expect(200)).body[0].path;
    browserUrls = [
      '/MediaCover/7/poster.jpg',
      '/api/v1/mediacover/author/7/poster.jpg',
      backupPath,
      '/logfile/quire.txt',
    ];
    await configureHost({
      authenticationMethod: 'forms',
      authenticationRequired: 'enabled',
      username: USER,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
    });
    cookie = await login();
  });
  afterAll(() => t.close());

  it('POST /login (urlencoded) sets an HttpOnly SameSite=Lax cookie and answers 303 to returnUrl', async () => {
    const response = await t
      .anonymous()
      .post('/login?returnUrl=%2Fauthor%2F12%3Ftab%3Dfiles')
      .type('form')
      .send({ username: USER, password: PASSWORD, rememberMe: 'on' })
      .expect(303);
    expect(response.headers.location).toBe('/author/12?tab=files');
    const flags = sessionCookie(response);
    expect(flags).toMatch(/HttpOnly/);
    expect(flags).toMatch(/SameSite=Lax/);
    expect(flags).toMatch(/Max-Age=\d+/);
    expect(flags).not.toMatch(/Secure/);
  });

  it('POST /login as multipart (Readarr login page) works too, and marks the cookie Secure behind https', async () => {
    const response = await t
      .anonymous()
      .post('/login')
      .set('X-Forwarded-Proto', 'https')
      .field('username', USER)
      .field('password', PASSWORD)
      .expect(303);
    expect(response.headers.location).toBe('/');
    expect(sessionCookie(response)).toMatch(/; Secure/);
  });

  it.each([['//evil.example/x'], ['https://evil.example/'], ['/\\evil.example'], ['javascript:alert(1)']])(
    'never redirects off the server (returnUrl %s)',
    async (returnUrl) => {
      const response = await t
        .anonymous()
        .post(`/login?returnUrl=${encodeURIComponent(returnUrl)}`)
        .type('form')
        .send({ username: USER, password: PASSWORD })
        .expect(303);
      expect(response.headers.location).toBe('/');
    },
  );

  it('bad credentials: 303 back to the login page for forms, 401 for JSON; JSON success only when asked', async () => {
    const form = await t
      .anonymous()
      .post('/login?returnUrl=%2Fcalendar')
      .type('form')
      .send({ username: USER, password: 'wrong' })
      .expect(303);
    expect(form.headers.location).toBe('/login?returnUrl=%2Fcalendar&loginFailed=true');
    expect(form.headers['set-cookie']).toBeUndefined();
    const page = await t.anonymous().get(form.headers.location).expect(200);
    expect(page.text).toContain('Incorrect username or password');

    await t
      .anonymous()
      .post('/login')
      .set('Accept', 'application/json')
      .send({ username: USER, password: 'wrong' })
      .expect(401);
    const json = await t
      .anonymous()
      .post('/login')
      .set('Accept', 'application/json')
      .send({ username: USER, password: PASSWORD, rememberMe: true })
      .expect(200);
    expect(json.body).toEqual({ message: 'Logged in' });
    expect(sessionCookie(json)).toMatch(/HttpOnly/);
  });

  it('a cookie-only session loads covers, a backup, a log file and the calendar feed', async () => {
    const cover = await binary(t.anonymous().get('/MediaCover/7/poster.jpg').set('Cookie', cookie)).expect(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    await t.anonymous().get('/api/v1/mediacover/author/7/poster.jpg').set('Cookie', cookie).expect(200);
    const zip = await binary(t.anonymous().get(backupPath).set('Cookie', cookie)).expect(200);
    expect((zip.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    const log = await t.anonymous().get('/logfile/quire.txt').set('Cookie', cookie).expect(200);
    expect(log.text).toContain('a log line');
    const feed = await t.anonymous().get('/feed/v1/calendar/quire.ics').set('Cookie', cookie).expect(200);
    expect(feed.text).toContain('BEGIN:VCALENDAR');
  });

  it('without a session (or with a forged one) those answer 401', async () => {
    const forged = `QuireAuth=${Buffer.from(`${USER}|${Date.now() + 3_600_000}|forged`).toString('base64url')}`;
    for (const url of [...browserUrls, '/feed/v1/calendar/quire.ics']) {
      await t.anonymous().get(url).expect(401);
      await t.anonymous().get(url).set('Cookie', forged).expect(401);
    }
  });

  it('a cookie-only state-changing request needs a same-origin Origin; the key alone needs none', async () => {
    await t
      .anonymous()
      .post('/api/v1/tag')
      .set('Cookie', cookie)
      .set('Origin', 'http://evil.example')
      .send({ label: 'cross-site' })
      .expect(403);
    await t.anonymous().post('/api/v1/tag').set('Cookie', cookie).send({ label: 'no-origin' }).expect(403);
    await t
      .anonymous()
      .post('/api/v1/tag')
      .set('Cookie', cookie)
      .set('Referer', 'http://evil.example/page')
      .send({ label: 'cross-site-referer' })
      .expect(403);
    const labels = (await t.api.get('/api/v1/tag').expect(200)).body.map((tag: { label: string }) => tag.label);
    expect(labels).toEqual([]);

    await t
      .anonymous()
      .post('/api/v1/tag')
      .set('Host', 'quire.test:8787')
      .set('Origin', 'http://quire.test:8787')
      .set('Cookie', cookie)
      .send({ label: 'same-origin' })
      .expect(200);
    await t.api.post('/api/v1/tag').set('Origin', 'http://evil.example').send({ label: 'with-key' }).expect(200);
    // A safe method carries no CSRF risk: reads work with the cookie alone.
    await t.anonymous().get('/api/v1/tag').set('Cookie', cookie).expect(200);
  });

  it('GET /logout clears the cookie; a new password ends every earlier session', async () => {
    const out = await t.anonymous().get('/logout').set('Cookie', cookie).expect(303);
    expect(String(out.headers['set-cookie'])).toMatch(/QuireAuth=;/);
    const fresh = await login();
    await t.anonymous().get('/logfile/quire.txt').set('Cookie', fresh).expect(200);
    await configureHost({ password: 'another-pw-1', passwordConfirmation: 'another-pw-1' });
    await t.anonymous().get('/logfile/quire.txt').set('Cookie', fresh).expect(401);
    await configureHost({ password: PASSWORD, passwordConfirmation: PASSWORD });
  });

  it('authentication none: covers and downloads are served without a key; the API still needs it', async () => {
    await configureHost({ authenticationMethod: 'none' });
    try {
      for (const url of browserUrls) await t.anonymous().get(url).expect(200);
      await t.anonymous().get('/api/v1/tag').expect(401);
      await t.anonymous().get('/feed/v1/calendar/quire.ics').expect(401);
    } finally {
      await configureHost({ authenticationMethod: 'forms' });
    }
  });

  it('disabledForLocalAddresses: open from a local address, not from a forwarded remote one', async () => {
    await configureHost({ authenticationRequired: 'disabledForLocalAddresses' });
    try {
      await t.anonymous().get('/logfile/quire.txt').expect(200);
      // The connection is local (a proxy); the address it appended is not.
      await t.anonymous().get('/logfile/quire.txt').set('X-Forwarded-For', '127.0.0.1, 203.0.113.9').expect(401);
      await t.anonymous().get('/logfile/quire.txt').set('X-Forwarded-For', '203.0.113.9, 192.168.1.20').expect(200);
    } finally {
      await configureHost({ authenticationRequired: 'enabled' });
    }
  });
});
