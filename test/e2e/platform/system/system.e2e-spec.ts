import { resolve } from 'node:path';
import { ProcessControl } from '../../../../src/platform/system/lifecycle/process-control';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

describe('system endpoints', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /diskspace lists the file system of DATA_DIR with real numbers', async () => {
    const disks = (await t.api.get('/api/v1/diskspace').expect(200)).body;
    expect(disks.length).toBeGreaterThan(0);
    for (const disk of disks) {
      expect(disk.totalSpace).toBeGreaterThan(0);
      expect(disk.freeSpace).toBeGreaterThanOrEqual(0);
      expect(disk.freeSpace).toBeLessThanOrEqual(disk.totalSpace);
    }
    expect(disks.some((disk: { path: string }) => resolve(t.dataDir).startsWith(disk.path))).toBe(true);
  });

  it('GET /system/routes is plain text; /system/routes/duplicate is an object', async () => {
    const routes = await t.api
      .get('/api/v1/system/routes')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    expect(routes.text).toMatch(/^GET\s+\/api\/v1\/system\/status$/m);
    expect(routes.text).toMatch(/^POST\s+\/api\/v1\/system\/backup\/restore\/upload$/m);
    expect((await t.api.get('/api/v1/system/routes/duplicate').expect(200)).body).toEqual({});
  });

  it('POST /system/shutdown and /restart answer first, then ask for a graceful stop', async () => {
    const control = t.app.get(ProcessControl);
    const signal = jest.spyOn(control, 'signal').mockImplementation(() => undefined);
    await t.api.post('/api/v1/system/restart').expect(200, { restarting: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signal).toHaveBeenCalledWith('SIGTERM');
    // One stop per process: a second request does not signal again.
    await t.api.post('/api/v1/system/shutdown').expect(200, { shuttingDown: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signal).toHaveBeenCalledTimes(1);
    await t.anonymous().post('/api/v1/system/shutdown').expect(401);
  });
});
