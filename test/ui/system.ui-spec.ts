import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { FakeNtfy } from '../fakes/ntfy.fake';
import { sql } from '../utils/test-database';
import { expectEventually, UiWorld } from './ui-world';

/**
 * System and the notification hub page in a real browser against the built Quire with the fake peers (and a fake
 * ntfy as the hub's only configured channel): status, a task run from the tasks page that ends without a reload,
 * a backup made, downloaded with the session cookie, restored from the list and from the uploaded zip (each undoing
 * a later change, seen on the author page and in the API) and deleted, the log table paged and filtered, the log file
 * downloaded, and test notifications whose delivery shows on the hub page and which its filters pick. Every page
 * visited must log no console error and no failed request.
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

  it('/system/backup: a backup downloads with the session cookie and brings the data back, listed or uploaded', async () => {
    const [book] = await world.addTolkien();
    const [author] = await world.api<(Record<string, unknown> & { id: number })[]>('author');
    const setMonitored = (monitored: boolean) =>
      world.api(`author/${author.id}`, { method: 'PUT', body: { ...author, monitored } });
    const monitoredNow = async () => (await world.api<{ monitored: boolean }>(`author/${author.id}`)).monitored;
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
    const zip = join(mkdtempSync(join(tmpdir(), 'quire-ui-backup-')), backup.name);
    writeFileSync(zip, await download.body());
    expect(readFileSync(zip).subarray(0, 2).toString()).toBe('PK');
    expect((await fetch(`${world.quire.url}${href}`)).status).toBe(401);
    await world.shot('system-backup');

    // Unmonitored after the backup; the author page (reached without a reload) shows it, then the restore undoes it.
    await setMonitored(false);
    await page().evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    const forwardToMonitoredAuthor = async () => {
      await page().goForward();
      await page().getByRole('button', { name: 'Unmonitor author' }).waitFor();
    };
    const search = page().getByRole('combobox', { name: 'Search the library' });
    await search.fill('tolkien');
    await page().getByRole('option', { name: 'J.R.R. Tolkien', exact: true }).click();
    await page().getByRole('button', { name: 'Monitor author' }).waitFor();
    await page().goBack();
    await row
      .first()
      .getByRole('button', { name: `Restore ${backup.name}` })
      .click();
    await page().getByTestId('restore-done').filter({ hasText: 'no restart needed' }).waitFor();
    await forwardToMonitoredAuthor();
    expect(await monitoredNow()).toBe(true);
    expect((await world.api<{ id: number }[]>(`book?authorId=${author.id}`)).map((b) => b.id)).toContain(book.id);

    // Again, restoring the downloaded zip through "Restore from file".
    await setMonitored(false);
    await page().getByRole('button', { name: 'Monitor author' }).waitFor();
    await page().goBack();
    const uploaded = page().waitForResponse((response) => response.url().endsWith('/system/backup/restore/upload'));
    await page().locator('input[type=file]').setInputFiles(zip);
    expect((await uploaded).status()).toBe(200);
    await forwardToMonitoredAuthor();
    expect(await monitoredNow()).toBe(true);
    expect(await page().evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');

    await page().goBack();
    await row
      .first()
      .getByRole('button', { name: `Delete ${backup.name}` })
      .click();
    await page().getByText('No backups yet').waitFor();
    expect(await world.api<unknown[]>('system/backup')).toEqual([]);
    expectCleanPage();
  });

  it('/system/events: the log table is paged by the server, filtered by level, and cleared', async () => {
    // Sixty events: every twentieth an error, the others fatal, a level nothing else logs here. The list is newest
    // first by id (Readarr's "time" order), so a line logged meanwhile would lead it: the fatal filter keeps them out.
    await sql(
      `INSERT INTO log (time, level, logger, message)
       SELECT now(), CASE WHEN i % 20 = 0 THEN 'Error' ELSE 'Fatal' END, 'UiSpec', 'UI spec event ' || i
       FROM generate_series(1, 60) AS i ORDER BY i`,
    );
    const fatal = Array.from({ length: 60 }, (_, i) => 60 - i)
      .filter((i) => i % 20 !== 0)
      .map((i) => `UI spec event ${i}`);
    await open('/system/events', 'Events');
    const rows = page().getByTestId('event-row');
    const messages = async () => (await rows.allTextContents()).map((text) => /UI spec event \d+/.exec(text)?.[0]);
    const level = async (option: string) => {
      await page().getByRole('combobox', { name: 'Minimum level' }).click();
      await page().getByRole('option', { name: option }).click();
    };
    await rows.first().waitFor();
    await level('fatal and above');
    await page().getByTestId('total-records').filter({ hasText: '57 records' }).waitFor();
    expect(await messages()).toEqual(fatal.slice(0, 50));
    await world.shot('system-events');

    await page().getByRole('button', { name: '2', exact: true }).click();
    await rows.first().filter({ hasText: fatal[50] }).waitFor();
    expect(await messages()).toEqual(fatal.slice(50));

    // Back to page 1, the errors among them.
    await level('error and above');
    await rows.filter({ hasText: 'UI spec event 60' }).waitFor();
    const newest = Array.from({ length: 25 }, (_, i) => `UI spec event ${60 - i}`);
    expect((await messages()).filter(Boolean).slice(0, 25)).toEqual(newest);

    await page().getByRole('button', { name: 'Clear', exact: true }).click();
    await page().getByText('No events').waitFor({ timeout: 30_000 });
    expect(await sql(`SELECT id FROM log WHERE logger = 'UiSpec'`)).toEqual([]);
    expectCleanPage();
  });

  it('/system/logs/files: lists the log files, each downloaded with the session cookie', async () => {
    // The log sink writes the lines of a second ago to DATA_DIR/logs/quire.txt.
    await expectEventually(async () =>
      expect((await world.api<{ filename: string }[]>('log/file')).map((file) => file.filename)).toContain('quire.txt'),
    );
    await open('/system/logs/files', 'Log files');
    const row = page().getByTestId('log-file-row').filter({ hasText: 'quire.txt' });
    const href = (await row.getByRole('link', { name: 'Download' }).getAttribute('href'))!;
    const download = await page().request.get(`${world.quire.url}${href}`);
    expect(download.status()).toBe(200);
    expect(await download.text()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d\|Info\|\w+\|/m);
    expect((await fetch(`${world.quire.url}${href}`)).status).toBe(401);
    expectCleanPage();
  });

  it('/system/notifications: test notifications sent from the page show their delivery; agent, status and channel filter the list', async () => {
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

    // A second one from another agent, to email, which is not configured: skipped, so the notification failed.
    await page().getByRole('textbox', { name: 'Source agent' }).fill('ui-spec-agent');
    await page().getByRole('textbox', { name: 'Title', exact: true }).fill('Nobody reads this');
    await page().getByRole('combobox', { name: 'Channels', exact: true }).focus();
    await page().keyboard.press('Backspace');
    await page().getByPlaceholder('routing table').click();
    await page().getByRole('option', { name: 'email' }).click();
    await page().keyboard.press('Escape');
    await page().getByRole('button', { name: 'Send test notification' }).click();
    await page().getByTestId('notify-result').filter({ hasText: 'failed: dispatched to no channel' }).waitFor();
    const failed = page().getByTestId('notification-row').filter({ hasText: 'Nobody reads this' });
    await failed.getByText('failed', { exact: true }).waitFor();

    // Each filter asks the server, whose answer the list shows.
    const filtered = async (
      params: string[],
      change: () => Promise<void>,
      shown: Locator | string,
      hidden?: Locator,
    ) => {
      const answer = page().waitForResponse(
        (response) => response.url().includes('/notifications?') && params.every((p) => response.url().includes(p)),
      );
      await change();
      expect((await answer).status()).toBe(200);
      await (typeof shown === 'string' ? page().getByText(shown) : shown).waitFor();
      if (hidden) await expectEventually(async () => expect(await hidden.count()).toBe(0));
    };
    const choose = (filter: string, option: string) => async () => {
      await page().getByRole('combobox', { name: filter, exact: true }).click();
      await page().getByRole('option', { name: option, exact: true }).click();
    };
    const agent = page().getByRole('textbox', { name: 'Agent', exact: true });
    await filtered(['sourceAgent=ui-spec-agent'], () => agent.fill('ui-spec-agent'), failed, row);
    expect(await page().getByTestId('notification-row').count()).toBe(1);
    await filtered(
      ['status=ok'],
      async () => {
        await agent.fill('');
        await choose('Status', 'ok')();
      },
      row,
      failed,
    );
    await filtered(['status=ok', 'channel=email'], choose('Channel', 'email'), 'No notifications');
    await filtered(['status=failed', 'channel=email'], choose('Status', 'failed'), failed, row);
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
