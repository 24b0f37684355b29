import { IdMap } from '../migration-context';
import { ReportBuilder } from '../report/migration-report';
import { mergeNamed, sameJson } from './merge-named';

function context(dryRun: boolean) {
  const report = new ReportBuilder(dryRun, {
    appName: 'Readarr',
    version: 'schema 40',
    databaseFile: 'readarr.db',
    metadataIds: 'goodreads',
  });
  const maps: Record<string, IdMap> = {};
  let placeholder = -1;
  return {
    report,
    dryRun,
    idMap: (entity: string) => (maps[entity] ??= new IdMap()),
    create: async (write: () => Promise<number>) => (dryRun ? placeholder-- : write()),
  };
}

describe('mergeNamed (the merge rule for named settings)', () => {
  it('merges a row with the same name and equal content, and a suffixed variant of it', async () => {
    const ctx = context(false);
    const existing = [
      { id: 1, name: 'eBook', cutoff: 2 },
      { id: 7, name: 'Audio HQ (2)', cutoff: 12 },
    ];
    const create = jest.fn();
    expect(
      await mergeNamed(
        ctx as never,
        'qualityProfiles',
        { readarrId: 5, name: 'ebook' },
        existing,
        (row) => row.cutoff === 2,
        create,
      ),
    ).toBe(1);
    expect(
      await mergeNamed(
        ctx as never,
        'qualityProfiles',
        { readarrId: 6, name: 'Audio HQ' },
        existing,
        (row) => row.cutoff === 12,
        create,
      ),
    ).toBe(7);
    expect(create).not.toHaveBeenCalled();
    expect(ctx.report.report.counts.qualityProfiles).toMatchObject({ found: 2, merged: 2, imported: 0 });
  });

  it('keeps a differing row of the same name with the first free suffix and lists the conflict', async () => {
    const ctx = context(false);
    const existing = [
      { id: 1, name: 'Audio HQ', cutoff: 11 },
      { id: 2, name: 'Audio HQ (2)', cutoff: 10 },
    ];
    const create = jest.fn(async (name: string) => (name === 'Audio HQ (3)' ? 9 : -100));
    expect(
      await mergeNamed(
        ctx as never,
        'qualityProfiles',
        { readarrId: 3, name: 'Audio HQ' },
        existing,
        (row) => row.cutoff === 12,
        create,
      ),
    ).toBe(9);
    expect(ctx.report.report.conflicts).toEqual([
      expect.objectContaining({ title: 'Audio HQ', incoming: 'Audio HQ (3)' }),
    ]);
    expect(ctx.idMap('qualityProfiles').get(3)).toBe(9);
  });

  it('writes nothing in a dry run but counts the same', async () => {
    const ctx = context(true);
    const create = jest.fn();
    const id = await mergeNamed(ctx as never, 'tags', { readarrId: 1, name: 'audio' }, [], () => false, create);
    expect(id).toBeLessThan(0);
    expect(create).not.toHaveBeenCalled();
    expect(ctx.report.report.counts.tags).toMatchObject({ found: 1, imported: 1 });
  });

  it('compares JSON regardless of key order', () => {
    expect(sameJson({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: [2, 1] }, { b: [1, 2], a: 1 })).toBe(false);
  });
});
