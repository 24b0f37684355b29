import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countFoldersByDepth, depthThatFits, readWatchLimit } from './watch-budget';

describe('watch budget', () => {
  it('picks the deepest level whose folders fit in the limit', () => {
    const levels = [1, 100, 1000];
    expect(depthThatFits(levels, 5000)).toBeUndefined();
    expect(depthThatFits(levels, 1101)).toBeUndefined();
    expect(depthThatFits(levels, 1100)).toBe(1);
    expect(depthThatFits(levels, 101)).toBe(1);
    expect(depthThatFits(levels, 100)).toBe(0);
    expect(depthThatFits(levels, 0)).toBe(-1);
  });

  it('counts folders per level, not files, skipping hidden folders and the ones asked', async () => {
    const root = mkdtempSync(join(tmpdir(), 'quire-budget-'));
    try {
      for (const author of ['A', 'B', 'C']) {
        mkdirSync(join(root, author, 'Book 1'), { recursive: true });
        mkdirSync(join(root, author, 'Book 2'), { recursive: true });
        writeFileSync(join(root, author, 'Book 1', 'b.epub'), 'x');
      }
      mkdirSync(join(root, '.hidden', 'x'), { recursive: true });
      mkdirSync(join(root, 'Bin', 'x'), { recursive: true });
      const levels = await countFoldersByDepth([root, join(root, 'missing')], (p) => p === join(root, 'Bin'));
      expect(levels).toEqual([1, 3, 6]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads the kernel limit, and nothing from a file that is not there', async () => {
    expect(await readWatchLimit('/no/such/file')).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'quire-limit-'));
    writeFileSync(join(dir, 'limit'), '8192\n');
    expect(await readWatchLimit(join(dir, 'limit'))).toBe(8192);
    rmSync(dir, { recursive: true, force: true });
  });
});
