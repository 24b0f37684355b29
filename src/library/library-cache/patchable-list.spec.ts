import { gunzipSync } from 'node:zlib';
import { type ListItem, PatchableList } from './patchable-list';

const item = (id: number, text = `book ${id}`): ListItem => ({ id, json: JSON.stringify({ id, text }) });

function listOf(stretches: number[][]): PatchableList {
  const collector = PatchableList.collector();
  for (const ids of stretches) collector.add(ids.map((id) => item(id)));
  return collector.list();
}

const parsed = (list: PatchableList) => JSON.parse(Buffer.concat(list.body()).toString()) as { id: number }[];

describe('PatchableList', () => {
  it('sends the collected stretches as one JSON array, and [] when empty', () => {
    const list = listOf([[1, 2], [3], [5, 8]]);
    expect(parsed(list)).toEqual([1, 2, 3, 5, 8].map((id) => JSON.parse(item(id).json)));
    expect(list.bytes).toBe(Buffer.concat(list.body()).length);
    expect(Buffer.concat(listOf([]).body()).toString()).toBe('[]');
    expect(listOf([]).bytes).toBe(2);
    expect(Buffer.concat(listOf([[]]).body()).toString()).toBe('[]');
  });

  it('replaces, inserts in id order and removes, leaving the original list as it was', () => {
    const original = listOf([
      [1, 2, 4],
      [6, 9],
    ]);
    const before = Buffer.concat(original.body()).toString();
    const patched = original.patched([item(2, 'changed'), item(3), item(10), item(0)], [6, 9, 42]);
    expect(patched.ids()).toEqual([0, 1, 2, 3, 4, 10]);
    expect(parsed(patched).find((book) => book.id === 2)).toEqual({ id: 2, text: 'changed' });
    expect(Buffer.concat(original.body()).toString()).toBe(before);
    expect(patched.bytes).toBe(Buffer.concat(patched.body()).length);
  });

  it('fills an empty list and empties a full one', () => {
    const filled = listOf([]).patched([item(7), item(3)], []);
    expect(filled.ids()).toEqual([3, 7]);
    expect(Buffer.concat(filled.patched([], [3, 7]).body()).toString()).toBe('[]');
  });

  it('keeps multi-byte text intact across patches', () => {
    const list = listOf([[1, 2]]).patched([{ id: 1, json: '{"t":"Ærø – ✓"}' }], []);
    expect(Buffer.concat(list.patched([item(2, 'ß')], []).body()).toString()).toBe(
      '[{"t":"Ærø – ✓"},{"id":2,"text":"ß"}]',
    );
  });

  it('agrees with a list built from scratch after random patches', () => {
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const truth = new Map<number, string>();
    for (let id = 1; id <= 300; id += 1 + random(3)) truth.set(id, item(id).json);
    const sorted = () => [...truth.keys()].sort((a, b) => a - b);
    const ids = sorted();
    let list = listOf([ids.slice(0, 100), ids.slice(100, 150), ids.slice(150)]);
    for (let round = 0; round < 50; round++) {
      const changed: ListItem[] = [];
      const removed: number[] = [];
      for (let k = 0; k < 1 + random(6); k++) {
        const id = random(400);
        if (random(3) === 0) {
          removed.push(id);
          truth.delete(id);
        } else {
          const next = item(id, `round ${round}`);
          changed.push(next);
          truth.set(id, next.json);
        }
      }
      // An id both removed and changed in one patch counts as changed (see patched()).
      for (const { id, json } of changed) truth.set(id, json);
      list = list.patched(changed, removed);
      expect(Buffer.concat(list.body()).toString()).toBe(
        `[${sorted()
          .map((id) => truth.get(id))
          .join(',')}]`,
      );
    }
  });

  it('compresses to one gzip stream equal to its JSON, reusing the stretches a patch did not touch', async () => {
    const gunzipped = async (list: PatchableList) => gunzipSync(Buffer.concat(await list.gzip())).toString();
    const list = listOf([[1, 2], [3, 4], [5]]);
    expect(await gunzipped(list)).toBe(Buffer.concat(list.body()).toString());
    const patched = list.patched([item(4, 'é changed')], [5]);
    expect(await gunzipped(patched)).toBe(Buffer.concat(patched.body()).toString());
    // The first stretch was compressed once, for both lists.
    expect((await list.gzip())[1]).toBe((await patched.gzip())[1]);
    expect(await gunzipped(listOf([]))).toBe('[]');
  });
});
