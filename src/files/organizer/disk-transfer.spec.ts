import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { groupId, transferFile } from './disk-transfer';

describe('transferFile', () => {
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'quire-transfer-'));
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

  it('gives the created folder the configured folder mode when permissions are set', async () => {
    const source = join(root, 'book.epub');
    await writeFile(source, 'x');
    const destination = join(root, 'Author', 'Book', 'book.epub');

    await transferFile(source, destination, 'copy', { setPermissionsLinux: true, chmodFolder: '750' });

    expect(await modeOf(join(root, 'Author', 'Book'))).toBe(0o750);
  });

  it('leaves the folder mode to the umask when permissions are off', async () => {
    const source = join(root, 'book.epub');
    await writeFile(source, 'x');
    const destination = join(root, 'Other', 'book.epub');

    await transferFile(source, destination, 'copy', { setPermissionsLinux: false, chmodFolder: '750' });

    expect(await modeOf(join(root, 'Other'))).not.toBe(0o750);
  });

  it('looks a group up by name or takes its number, and knows no unknown group', async () => {
    expect(await groupId('daemon')).toBe(1);
    expect(await groupId('100')).toBe(100);
    expect(await groupId('no-such-group-here')).toBeUndefined();
    expect(await groupId('  ')).toBeUndefined();
  });

  it('leaves the group alone when permissions are off, even with a chownGroup', async () => {
    const source = join(root, 'book.epub');
    await writeFile(source, 'x');
    const destination = join(root, 'Kept', 'book.epub');

    await transferFile(source, destination, 'copy', {
      setPermissionsLinux: false,
      chmodFolder: '755',
      chownGroup: 'daemon',
    });

    expect((await stat(destination)).gid).toBe((await stat(source)).gid);
  });
});
