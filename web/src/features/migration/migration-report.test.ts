import { describe, expect, it } from 'vitest';
import { countRows, fixLinks, progressOf, summary, type MigrationReport } from './migration-report';

const zero = { found: 0, imported: 0, merged: 0, skipped: 0, unmatched: 0 };
const report: MigrationReport = {
  dryRun: false,
  source: { appName: 'Readarr', version: '0.4.18', databaseFile: 'readarr.db', metadataIds: 'goodreads' },
  counts: {
    bookFiles: { found: 3, imported: 2, merged: 0, skipped: 1, unmatched: 1 },
    authors: { found: 2, imported: 2, merged: 0, skipped: 0, unmatched: 1 },
    tags: zero,
    books: { found: 3, imported: 3, merged: 0, skipped: 0, unmatched: 1 },
    somethingNew: { ...zero, found: 1, imported: 1 },
  },
  unmatched: [],
  conflicts: [],
  lookups: { requests: 4, identifiers: 9, cached: 0 },
  startedAt: '2026-11-25T16:00:00Z',
};

describe('migration report', () => {
  it('lists the entities the source had, in migration order, unknown ones last', () => {
    expect(countRows(report).map((row) => [row.label, row.found, row.imported])).toEqual([
      ['Authors', 2, 2],
      ['Books', 3, 3],
      ['Book files', 3, 2],
      ['somethingNew', 1, 1],
    ]);
  });

  it('links an applied unmatched book to its kept page and to a metadata search', () => {
    const entry = { kind: 'book', readarrId: 7, title: 'A Pamphlet & Co', foreignId: '777', reason: 'no match' };
    expect(fixLinks(entry, report)).toEqual([
      { label: 'Open book', to: '/book/goodreads%3A777' },
      { label: 'Search metadata', to: '/add/search?term=A%20Pamphlet%20%26%20Co' },
    ]);
  });

  it('offers only the search after a dry run (nothing was kept yet), nothing for a missing file', () => {
    const author = { kind: 'author', readarrId: 2, title: 'Q. N.', foreignId: '42', reason: 'no match' };
    expect(fixLinks(author, { ...report, dryRun: true })).toEqual([
      { label: 'Search metadata', to: '/add/search?term=Q.%20N.' },
    ]);
    expect(fixLinks(author, { ...report, source: { ...report.source, metadataIds: 'hardcover' } })[0]).toEqual({
      label: 'Open author',
      to: '/author/hardcover%3A42',
    });
    const file = {
      kind: 'bookFile',
      readarrId: 3,
      title: '/x.epub',
      foreignId: null,
      reason: 'File not found on disk',
    };
    expect(fixLinks(file, report)).toEqual([]);
  });

  it('summarises the library part', () => {
    expect(summary(report)).toBe('Readarr 0.4.18: 2 authors, 3 books (1 unmatched), 2 of 3 files; 4 metadata requests');
  });
});

describe('progressOf', () => {
  it('reads the percentage the command puts at the end of its message', () => {
    expect(progressOf('Migrated 40 of 400 authors (2000 books) (22%)')).toBe(22);
    expect(progressOf('Dry run finished (100%)')).toBe(100);
    expect(progressOf('Queued')).toBeUndefined();
    expect(progressOf(undefined)).toBeUndefined();
  });
});
