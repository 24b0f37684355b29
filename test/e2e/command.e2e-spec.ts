import { createTestApp, TestApp } from '../utils/create-test-app';
import { runCommand, waitForCommand } from '../utils/commands';
import { sql } from '../utils/test-database';

describe('commands: API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50' });
  });
  afterAll(() => t.close());

  it('runs a Test command and reports Readarr’s CommandResource', async () => {
    const posted = await t.api.post('/api/v1/command').set('User-Agent', 'my-script/1.0').send({ name: 'test', duration: 30 }).expect(200);
    expect(posted.body).toMatchObject({ name: 'Test', commandName: 'Test', trigger: 'manual', priority: 'normal' });
    const done = await waitForCommand(t, posted.body.id);
    expect(done).toMatchObject({ status: 'completed', result: 'successful', message: 'Completed', clientUserAgent: 'my-script/1.0' });
    expect(done.duration).toMatch(/^\d\d:\d\d:\d\d(\.\d{7})?$/);
    expect(done.body).toMatchObject({ duration: 30, name: 'Test', sendUpdatesToClient: true, trigger: 'manual' });
  });
});
