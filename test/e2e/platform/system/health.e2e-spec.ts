import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainEvents } from '../../../../src/platform/common/events/domain-events';
import { type LibraryMessage, healthMessages } from '../../../../src/notifications/library-events/library-messages';
import { HealthIssuesChangedEvent } from '../../../../src/platform/system/health/health.events';
import { HealthService } from '../../../../src/platform/system/health/health.service';
import { FakeHttpServer } from '../../../fakes/fake-http';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { sql } from '../../../utils/test-database';

describe('health', () => {
  let t: TestApp;
  let metadata: FakeHttpServer;
  let metadataUp = true;
  const events: LibraryMessage[] = [];

  beforeAll(async () => {
    metadata = await new FakeHttpServer((_request, response) => {
      response.statusCode = metadataUp ? 200 : 503;
      response.end();
    }).start();
    t = await createTestApp({ METADATA_SOURCE_URL: metadata.url });
    t.app.get(DomainEvents).on(HealthIssuesChangedEvent.NAME, (event) => events.push(...healthMessages(event)));
  });
  afterAll(async () => {
    await t.close();
    await metadata.stop();
  });

  const sources = async () =>
    ((await t.api.get('/api/v1/health').expect(200)).body as { source: string }[]).map((issue) => issue.source);

  it('reports the missing indexer and download client with Readarr fields', async () => {
    await runCommand(t, 'CheckHealth');
    const issues = (await t.api.get('/api/v1/health').expect(200)).body;
    expect(issues).toContainEqual({
      source: 'IndexerCheck',
      type: 'warning',
      message: expect.stringMatching(/No indexers available/),
      wikiUrl: 'https://wiki.servarr.com/readarr/system#no-indexers-are-enabled',
    });
    expect(issues.map((issue: { source: string }) => issue.source)).toContain('DownloadClientCheck');
  });

  it('reports a removed root folder within one CheckHealth run and notifies the hub, then the recovery', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'quire-health-root-'));
    await sql(
      `INSERT INTO root_folder (name, path, default_metadata_profile_id, default_quality_profile_id)
       VALUES ('Books', $1, (SELECT min(id) FROM metadata_profile), (SELECT min(id) FROM quality_profile))`,
      [folder],
    );
    await runCommand(t, 'CheckHealth');
    expect(await sources()).not.toContain('RootFolderCheck');
    events.length = 0;

    rmSync(folder, { recursive: true });
    const command = await runCommand(t, 'CheckHealth');
    expect(command.status).toBe('completed');
    const issues = (await t.api.get('/api/v1/health')).body;
    expect(issues).toContainEqual({
      source: 'RootFolderCheck',
      type: 'error',
      message: `Missing root folder: ${folder}`,
      wikiUrl: 'https://wiki.servarr.com/readarr/system#missing-root-folder',
    });
    expect(events).toEqual([
      expect.objectContaining({
        eventType: 'health',
        priority: 'high',
        body: `Missing root folder: ${folder}`,
        data: expect.objectContaining({ source: 'RootFolderCheck', type: 'error' }),
      }),
    ]);

    // The same issue again is not announced twice.
    await runCommand(t, 'CheckHealth');
    expect(events).toHaveLength(1);

    mkdirSync(folder);
    await runCommand(t, 'CheckHealth');
    expect(await sources()).not.toContain('RootFolderCheck');
    expect(events[1]).toMatchObject({ eventType: 'healthRestored', data: { source: 'RootFolderCheck' } });
  });

  // MetadataSourceCheck is the metadata-source feature's check, registered through the same registry.
  it('reports an unreachable metadata source, a short API key and a pending migration', async () => {
    metadataUp = false;
    await sql(`UPDATE config SET value = '"short"' WHERE key = 'apiKey'`);
    const applied = await sql<{ id: number; timestamp: string; name: string }>(
      `SELECT id, timestamp, name FROM migrations ORDER BY id DESC LIMIT 1`,
    );
    await sql(`DELETE FROM migrations WHERE id = $1`, [applied[0].id]);
    try {
      // The API key cache may still hold the real key for a few seconds; the check reads through it.
      const found = new Set<string>();
      for (let attempt = 0; attempt < 40 && !found.has('ApiKeyValidationCheck'); attempt++) {
        const issues = await t.app.get(HealthService).refresh();
        for (const issue of issues) found.add(issue.source);
        if (!found.has('ApiKeyValidationCheck')) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect([...found]).toEqual(
        expect.arrayContaining(['MetadataSourceCheck', 'DatabaseMigrationCheck', 'ApiKeyValidationCheck']),
      );
    } finally {
      metadataUp = true;
      await sql(`INSERT INTO migrations (id, timestamp, name) VALUES ($1, $2, $3)`, [
        applied[0].id,
        applied[0].timestamp,
        applied[0].name,
      ]);
      await sql(`UPDATE config SET value = to_jsonb($1::text) WHERE key = 'apiKey'`, [t.env.get('API_KEY')]);
    }
  });
});
