import { FakeNtfy } from '../fakes/ntfy.fake';
import { expectEventually, UiWorld } from './ui-world';

/**
 * System and the notification hub page in a real browser against the built Quire with the fake peers (and a fake
 * ntfy as the hub's only configured channel): status, a task run from the tasks page that ends without a reload,
 * a backup made, downloaded with the session cookie, restored and deleted, the log table, log files, and a test
 * notification whose delivery shows on the hub page. Every page visited must log no console error and no failed
 * request.
 */
describe('web UI: system and notification hub', () => {
  const world = new UiWorld();
  let ntfy: FakeNtfy;

  const page = () => world.page;
  const expectCleanPage = () => expect(world.problems.take()).toEqual([]);
  const open = async (path: string, heading: string) => {
    await page().goto(`${world.quire.url}${path}`);
    await page().getByRole('heading', { name: heading }).first().waitFor();
  };

  beforeAll(async () => {
    ntfy = await new FakeNtfy().start();
    await world.start({ HUB_NTFY_URL: ntfy.url, HUB_NTFY_TOPIC: 'quire-ui' });
    await world.signIn();
  }, 180_000);

  afterAll(async () => {
    await world.stop();
    await ntfy?.stop();
  });

  it('/system/status: health, disk space of the root folder, and about', async () => {
    const status = await world.api<{ version: string }>('system/status');
    await open('/system/status', 'Health');
    await page().getByTestId('about').getByText(status.version).waitFor();
    await page().getByTestId('disk-space').locator('tbody tr').first().waitFor();
    const health = await world.api<{ message: string }[]>('health');
    if (health.length > 0) await page().getByTestId('health-row').first().waitFor();
    else await page().getByTestId('health-ok').waitFor();
    await world.shot('system-status');
    expectCleanPage();
  });

  it('/system/tasks: a task run now visibly runs and ends without a reload, with a toast', async () => {
    const tasks = await world.api<{ name: string; taskName: string; lastExecution?: string }[]>('system/task');
    const task = tasks.find((candidate) => candidate.taskName === 'CheckHealth')!;
    await open('/system/tasks', 'Scheduled');
    await page().getByTestId('task-row').first().waitFor();
    // A reload would lose this marker.
    await page().evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    await page()
      .getByRole('button', { name: `Run ${task.name} now` })
      .click();
    await page()
      .getByTestId('command-row')
      .filter({ hasText: task.name })
      .and(page().locator('[data-status="completed"]'))
      .first()
      .waitFor({ timeout: 30_000 });
    await page()
      .getByTestId('command-toast')
      .filter({ hasText: `${task.name} completed` })
      .waitFor();
    await expectEventually(async () => {
      const after = (await world.api<typeof tasks>('system/task')).find((t) => t.taskName === 'CheckHealth')!;
      expect(after.lastExecution).not.toBe(task.lastExecution);
    });
    expect(await page().evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    await world.shot('system-tasks');
    expectCleanPage();
  });

  it('/system/updates: the installed version, and no updates (Quire does not update itself)', async () => {
    const [installed] = await world.api<{ version: string }[]>('update');
    await open('/system/updates', 'Updates');
    await page().getByTestId('updates-state').filter({ hasText: 'No updates' }).waitFor();
    const row = page().getByTestId('update-row');
    await row.getByText(installed.version).waitFor();
    await row.getByText('Installed').waitFor();
    await world.shot('system-updates');
    expectCleanPage();
  });

  it('/system/backup: backup now appears, downloads with the session cookie, restores and is deleted', async () => {
    await open('/system/backup', 'Backups');
    await page().getByText('No backups yet').waitFor();
    await page().getByRole('button', { name: 'Backup now' }).click();
    const row = page().getByTestId('backup-row');
    await row.first().waitFor({ timeout: 30_000 });
    const [backup] = await world.api<{ name: string; path: string }[]>('system/backup');
    const href = await row.first().getByRole('link', { name: backup.name }).getAttribute('href');
    expect(href).toBe(backup.path);
    // The browser's own request carries only the session cookie, no API key.
    const download = await page().request.get(`${world.quire.url}${href}`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toContain('application/zip');
    expect((await download.body()).subarray(0, 2).toString()).toBe('PK');
    expect((await fetch(`${world.quire.url}${href}`)).status).toBe(401);
    await world.shot('system-backup');
    await row
      .first()
      .getByRole('button', { name: `Restore ${backup.name}` })
      .click();
    await page().getByTestId('restore-done').waitFor();
    await row
      .first()
      .getByRole('button', { name: `Delete ${backup.name}` })
      .click();
    await page().getByText('No backups yet').waitFor();
    expect(await world.api<unknown[]>('system/backup')).toEqual([]);
    expectCleanPage();
  });

  it('/system/events: the log table is paged by the server, filtered by level, and cleared', async () => {
    await open('/system/events', 'Events');
    await page().getByRole('combobox', { name: 'Minimum level' }).click();
    await page().getByRole('option', { name: 'trace and above' }).click();
    const log = await world.api<{ totalRecords: number }>('log?level=trace');
    if (log.totalRecords > 0)
      expect(await page().getByTestId('total-records').textContent()).toBe(
        `${log.totalRecords} ${log.totalRecords === 1 ? 'record' : 'records'}`,
      );
    await world.shot('system-events');
    await page().getByRole('button', { name: 'Clear', exact: true }).click();
    await page().getByText('No events').waitFor({ timeout: 30_000 });
    expect((await world.api<{ totalRecords: number }>('log?level=error')).totalRecords).toBe(0);
    expectCleanPage();
  });

  it('/system/logs/files: lists the log files, each downloaded with the session cookie', async () => {
    await open('/system/logs/files', 'Log files');
    const files = await world.api<{ filename: string; downloadUrl: string }[]>('log/file');
    if (files.length === 0) {
      await page().getByText('No log files').waitFor();
    } else {
      const row = page().getByTestId('log-file-row').filter({ hasText: files[0].filename });
      const href = await row.getByRole('link', { name: 'Download' }).getAttribute('href');
      expect((await page().request.get(`${world.quire.url}${href}`)).status()).toBe(200);
    }
    expectCleanPage();
  });

  it('/system/notifications: a test notification sent from the page shows its delivery and attempt', async () => {
    await open('/system/notifications', 'Channels');
    const health = page().getByTestId('channel-health');
    await health.getByText('ntfy').waitFor();
    await health.getByText(/HUB_SMTP_\w+ is not set/).waitFor();
    await page().getByRole('textbox', { name: 'Title', exact: true }).fill('Hello from the hub page');
    await page().getByPlaceholder('routing table').click();
    await page().getByRole('option', { name: 'ntfy' }).click();
    await page().keyboard.press('Escape');
    await page().getByRole('button', { name: 'Send test notification' }).click();
    await page().getByTestId('notify-result').filter({ hasText: 'ok: dispatched to ntfy' }).waitFor();
    expect(ntfy.published.map((message) => message.title)).toContain('Hello from the hub page');
    const row = page().getByTestId('notification-row').filter({ hasText: 'Hello from the hub page' });
    await row.getByText('ntfy delivered').waitFor();
    await row.getByRole('button', { name: /Hello from the hub page/ }).click();
    const delivery = page().getByTestId('delivery-row').filter({ hasText: 'ntfy' });
    await delivery.getByText('delivered').waitFor();
    await delivery.getByTestId('attempt').filter({ hasText: 'sent' }).waitFor();
    await world.shot('notification-hub');
    await page().getByRole('combobox', { name: 'Channel', exact: true }).click();
    await page().getByRole('option', { name: 'email' }).click();
    await page().getByText('No notifications').waitFor();
    expectCleanPage();
  });

  // Last: the health problem made here is also sent as a notification, which the hub page test does not expect.
  it('header: a health problem found by a check shows in the health badge without a reload', async () => {
    await open('/system/updates', 'Updates');
    await page().evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    const [client] = await world.api<{ id: number }[]>('downloadclient');
    await world.api(`downloadclient/${client.id}?forceSave=true`, {
      method: 'PUT',
      body: { ...client, enable: false },
    });
    await world.api('command', { method: 'POST', body: { name: 'CheckHealth' } });
    await expectEventually(async () => {
      const health = await world.api<{ message: string }[]>('health');
      expect(health.map((item) => item.message)).toContain('No download client is available');
    });
    const count = (await world.api<unknown[]>('health')).length;
    const badge = page().getByTestId('health-badge');
    await badge.filter({ hasText: `${count} health issue` }).waitFor();
    expect(await page().evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    await badge.click();
    await page().getByRole('heading', { name: 'Health' }).first().waitFor();
    expectCleanPage();
  });
});
