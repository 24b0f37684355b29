import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '../../../utils/commands';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { waitFor } from '../../../utils/wait-for';

/** `createEmptyAuthorFolders`: adding an author creates its folder, which stays while it holds no file. */
describe('media management createEmptyAuthorFolders', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    t = await createTestApp({ COMMAND_POLL_INTERVAL_MS: '50' });
    root = mkdtempSync(join(tmpdir(), 'quire-empty-folders-'));
    await t.api
      .post('/api/v1/rootfolder')
      .send({ name: 'Books', path: root, defaultQualityProfileId: 1, defaultMetadataProfileId: 1 })
      .expect(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const config = (values: Record<string, unknown>) =>
    t.api.put('/api/v1/config/mediamanagement').send(values).expect(200);
  const addAuthor = async (authorName: string) =>
    (
      await t.api
        .post('/api/v1/author')
        .send({
          authorName,
          foreignAuthorId: `ol-${Math.random().toString(36).slice(2)}`,
          qualityProfileId: 1,
          metadataProfileId: 1,
          rootFolderPath: root,
          monitored: true,
          addOptions: { monitor: 'none', searchForMissingBooks: false },
        })
        .expect(200)
    ).body as { id: number; path: string };

  it('on: the added author’s folder is created empty, with the folder mode, and a rescan keeps it', async () => {
    await config({
      createEmptyAuthorFolders: true,
      deleteEmptyFolders: false,
      setPermissionsLinux: true,
      chmodFolder: '750',
    });
    const author = await addAuthor('Folder First');
    expect(author.path).toBe(join(root, 'Folder First'));
    await waitFor(async () => existsSync(author.path), 'the author folder');
    expect(readdirSync(author.path)).toEqual([]);
    expect(statSync(author.path).mode & 0o777).toBe(0o750);
    const scan = await runCommand(t, 'RescanFolders', { authorIds: [author.id] });
    expect(scan.status).toBe('completed');
    expect(existsSync(author.path)).toBe(true);
  });

  it('off (the default), or with deleteEmptyFolders on: no folder until a file arrives', async () => {
    await config({ createEmptyAuthorFolders: false, deleteEmptyFolders: false, setPermissionsLinux: false });
    const off = await addAuthor('No Folder Yet');
    await config({ createEmptyAuthorFolders: true, deleteEmptyFolders: true });
    const removing = await addAuthor('Removed Anyway');
    // The listener answers the event after the request; give it the time it takes when it creates the folder.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([existsSync(off.path), existsSync(removing.path)]).toEqual([false, false]);
  });
});
