import { GroupCommit } from './group-commit';

describe('GroupCommit', () => {
  it('writes the first item at once and the items added meanwhile as one group, each answered with its result', async () => {
    const writes: number[][] = [];
    const group = new GroupCommit<number, number>(async (items) => {
      writes.push(items);
      await new Promise((resolve) => setImmediate(resolve));
      return items.map((item) => item * 10);
    });
    const results = await Promise.all([1, 2, 3, 4].map((item) => group.add(item)));
    expect(results).toEqual([10, 20, 30, 40]);
    expect(writes).toEqual([[1], [2, 3, 4]]);
  });

  it('answers no caller before the write holding its item has finished', async () => {
    let finishWrite!: () => void;
    const group = new GroupCommit<string, string>(
      (items) => new Promise((resolve) => (finishWrite = () => resolve(items))),
    );
    let answered = false;
    const pending = group.add('a').then(() => (answered = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    finishWrite();
    await pending;
    expect(answered).toBe(true);
  });

  it('a failed group is written one by one: only the failing item is rejected', async () => {
    const writes: string[][] = [];
    const group = new GroupCommit<string, string>(async (items) => {
      writes.push(items);
      await new Promise((resolve) => setImmediate(resolve));
      if (items.includes('bad')) throw new Error('unique violation');
      return items;
    });
    const settled = await Promise.allSettled(['first', 'ok', 'bad', 'fine'].map((item) => group.add(item)));
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(writes).toEqual([['first'], ['ok', 'bad', 'fine'], ['ok'], ['bad'], ['fine']]);
  });

  it('keeps groups within the size limit', async () => {
    const sizes: number[] = [];
    const group = new GroupCommit<number, number>(async (items) => {
      sizes.push(items.length);
      await new Promise((resolve) => setImmediate(resolve));
      return items;
    }, 3);
    await Promise.all(Array.from({ length: 8 }, (_, item) => group.add(item)));
    expect(sizes).toEqual([1, 3, 3, 1]);
  });
});
