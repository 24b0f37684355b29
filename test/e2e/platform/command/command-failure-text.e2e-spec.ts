import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { CommandRegistry } from '../../../../src/platform/command/command-registry.service';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TEST_API_KEY, TestApp } from '../../../utils/create-test-app';
import { connectHub, HubClient, ReceivedMessage } from '../../../utils/signalr-client';
import { sql } from '../../../utils/test-database';

const REPOSITORY = resolve(__dirname, '..', '..', '..', '..');

/** Nothing a user should see: stack frames, installed packages, the folder Quire runs from. */
function expectNoInstallationDetails(text: string | undefined): void {
  expect(text).toBeDefined();
  expect(text).not.toContain('    at ');
  expect(text).not.toContain('/node_modules/');
  expect(text).not.toContain(REPOSITORY);
}

describe('a failed command tells what failed in words, never its stack or where Quire is installed', () => {
  let t: TestApp;
  let hub: HubClient;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50' });
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    hub = await connectHub(`http://127.0.0.1:${port}`, { apiKey: TEST_API_KEY });
    const registry = t.app.get(CommandRegistry);
    // A real failure: reading a file of the installation that is not there (Node names the absolute path).
    registry.register(
      { name: 'QuireMissingFileProbe' },
      { execute: async () => readFileSync(join(REPOSITORY, 'no-such-settings.json'), 'utf8') },
    );
    // A library deep in node_modules failing with its own location in the message.
    registry.register(
      { name: 'QuireLibraryFailureProbe' },
      {
        execute: async () => {
          throw new TypeError(
            `Cannot read properties of undefined (reading 'rows') at ${join(REPOSITORY, 'node_modules', 'pg', 'lib', 'client.js')}:526:17`,
          );
        },
      },
    );
  });
  afterAll(async () => {
    await hub.stop();
    await t.close();
  });

  const commandMessages = (id: number) =>
    hub.messages.filter((message: ReceivedMessage) => message.name === 'command' && message.body.resource?.id === id);

  it.each([
    ['QuireMissingFileProbe', "ENOENT: no such file or directory, open 'no-such-settings.json'", 'Error'],
    [
      'QuireLibraryFailureProbe',
      "Cannot read properties of undefined (reading 'rows') at pg/lib/client.js:526:17",
      'TypeError',
    ],
  ])('%s: the answer, the pushed message and the stored row are clean', async (name, message, kind) => {
    const done = await runCommand(t, name);
    expect(done).toMatchObject({ status: 'failed', result: 'unsuccessful', message, exception: `${kind}: ${message}` });
    expectNoInstallationDetails(done.message);
    expectNoInstallationDetails(done.exception);

    const failed = await hub.waitFor(
      (pushed) =>
        pushed.name === 'command' && pushed.body.resource?.id === done.id && pushed.body.resource?.status === 'failed',
      `command ${done.id} failed`,
    );
    expect(failed.body.resource).toMatchObject({ message, exception: `${kind}: ${message}` });
    for (const pushed of commandMessages(done.id)) expect(JSON.stringify(pushed)).not.toContain('    at ');
    expectNoInstallationDetails(JSON.stringify(commandMessages(done.id)));

    const [row] = await sql<{ message: string; exception: string }>(
      'SELECT message, exception FROM command WHERE id = $1',
      [done.id],
    );
    expect(row).toEqual({ message, exception: `${kind}: ${message}` });
  });

  it('cleans a failure stored with a stack trace before it is answered', async () => {
    const done = await runCommand(t, 'QuireMissingFileProbe');
    const stack = `Error: boom\n    at Object.<anonymous> (${join(REPOSITORY, 'dist', 'main.js')}:3:9)`;
    await sql('UPDATE command SET message = $2, exception = $2 WHERE id = $1', [done.id, stack]);
    const answered = (await t.api.get(`/api/v1/command/${done.id}`).expect(200)).body;
    expect(answered).toMatchObject({ message: 'Error: boom', exception: 'Error: boom' });
  });
});
