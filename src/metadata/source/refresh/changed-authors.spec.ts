import type { AuthorRepository } from '../../../library/author/author.repository';
import type { ChangedAuthors, MetadataSource } from '../metadata-source';
import { ChangedAuthorSelector } from './changed-authors';

const HOUR = 3600_000;
const AUTHORS = [
  { id: 1, foreignAuthorId: '100', neverRefreshed: false },
  { id: 2, foreignAuthorId: '200', neverRefreshed: false },
  { id: 3, foreignAuthorId: '300', neverRefreshed: true },
];

function selector(feed: (since: Date) => Promise<ChangedAuthors>) {
  const asked: Date[] = [];
  const source = {
    name: 'BookInfo',
    getChangedAuthors: (since: Date) => {
      asked.push(since);
      return feed(since);
    },
  } as unknown as MetadataSource;
  const library = { refreshStates: () => Promise.resolve(AUTHORS) } as unknown as AuthorRepository;
  return { select: new ChangedAuthorSelector(source, library), asked };
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('ChangedAuthorSelector', () => {
  const changed = () => Promise.resolve({ limited: false, ids: ['200'] });

  it('a scheduled run after a recent one refreshes the authors the feed names and those never refreshed', async () => {
    const { select, asked } = selector(changed);
    const lastStart = ago(2 * HOUR);
    const selection = await select.select('scheduled', ago(HOUR), lastStart);
    expect(selection.ids).toEqual([2, 3]);
    expect(selection.note).toBe(`BookInfo reports 2 of 3 authors changed since ${lastStart}`);
    expect(asked.map((since) => since.toISOString())).toEqual([lastStart]);
  });

  it.each([
    ['a manual run', 'manual', ago(HOUR)],
    ['a first run', 'scheduled', undefined],
    ['a run after more than 14 days', 'scheduled', ago(15 * 24 * HOUR)],
    ['an unreadable last run', 'scheduled', 'yesterday'],
  ])('%s refreshes every author without asking the feed', async (_label, trigger, lastRun) => {
    const { select, asked } = selector(changed);
    expect(await select.select(trigger, lastRun, lastRun)).toEqual({ ids: [1, 2, 3] });
    expect(asked).toEqual([]);
  });

  it('a Limited answer or a failing feed refreshes every author', async () => {
    const limited = selector(() => Promise.resolve({ limited: true, ids: ['200'] }));
    expect(await limited.select.select('scheduled', ago(HOUR), ago(HOUR))).toEqual({ ids: [1, 2, 3] });
    const failing = selector(() => Promise.reject(new Error('HTTP 500')));
    expect(await failing.select.select('scheduled', ago(HOUR), ago(HOUR))).toEqual({ ids: [1, 2, 3] });
  });
});
