import { QUALITY_IDS } from '../../../library/profile/quality/quality';
import type { IndexerReleaseRules } from '../../../integrations/indexer/indexer-client';
import { author, book, context, NOW, remote } from '../../../../test/factories/decision';
import { prioritize } from '../decision-comparer';
import { evaluate } from '../evaluate';
import type { ExistingFile } from '../remote-book';
import { CutoffSpecification } from './cutoff.specification';
import { EarlyReleaseSpecification } from './early-release.specification';
import { IndexerTagSpecification } from './indexer-tag.specification';
import { ProperSpecification } from './proper.specification';
import { RepackSpecification } from './repack.specification';
import { TorrentSeedingSpecification } from './torrent-seeding.specification';
import { UpgradeDiskSpecification } from './upgrade-disk.specification';

const DAY = 86_400_000;
const indexer = (rules: Partial<IndexerReleaseRules>): Map<number, IndexerReleaseRules> =>
  new Map([
    [
      1,
      {
        tags: [],
        minimumSeeders: null,
        earlyReleaseLimit: null,
        rejectBlocklistedTorrentHashesWhileGrabbing: false,
        ...rules,
      },
    ],
  ]);
const file = (qualityId: number, extra: Partial<ExistingFile> = {}): ExistingFile => ({
  bookId: 10,
  qualityId,
  revision: { version: 1, real: 0 },
  mediaKind: 'ebook',
  customFormatScore: 0,
  releaseGroup: 'GRP',
  dateAdded: new Date(NOW.getTime() - DAY),
  ...extra,
});

describe('indexer settings in decisions', () => {
  it('TorrentSeeding: a torrent below its indexer’s minimum seeders is rejected; usenet and unknown indexers pass', () => {
    const spec = new TorrentSeedingSpecification();
    const ctx = context({ indexers: indexer({ minimumSeeders: 5 }) });
    expect(spec.evaluate(remote({ protocol: 'torrent', seeders: 5 }), ctx)).toBeNull();
    expect(spec.evaluate(remote({ protocol: 'torrent', seeders: 2 }), ctx)).toBe(
      'Not enough seeders: 2. Minimum seeders: 5',
    );
    expect(spec.evaluate(remote({ protocol: 'torrent', seeders: undefined }), ctx)).toBeNull();
    expect(spec.evaluate(remote({ protocol: 'usenet', seeders: 0 }), ctx)).toBeNull();
    expect(spec.evaluate(remote({ protocol: 'torrent', seeders: 0, indexerId: 7 }), ctx)).toBeNull();
  });

  it('EarlyRelease: a single-book release published more than the limit before the release date is rejected', () => {
    const spec = new EarlyReleaseSpecification();
    const ctx = context({ indexers: indexer({ earlyReleaseLimit: 3 }) });
    const releaseDate = new Date(NOW.getTime() + 10 * DAY);
    const future = { books: [book({ releaseDate })] };
    // Published 3 days ago, the book comes out in 10: 13 days early, the limit is 3.
    expect(spec.evaluate(remote({}, future), ctx)).toBe(
      'Release published date, 11/1/2025, is outside of 3 day early grab limit allowed by user',
    );
    expect(spec.evaluate(remote({ publishDate: new Date(releaseDate.getTime() - 2 * DAY) }, future), ctx)).toBeNull();
    expect(spec.evaluate(remote({}, future), context())).toBeNull();
    expect(spec.evaluate(remote({}, { books: [book({ releaseDate: null })] }), ctx)).toBeNull();
    expect(spec.evaluate(remote({}, { books: [...future.books, book({ id: 11, releaseDate })] }), ctx)).toBeNull();
  });

  it('IndexerTag: a tagged indexer’s releases are only for authors sharing a tag; untagged indexers serve all', () => {
    const spec = new IndexerTagSpecification();
    const tagged = context({ indexers: indexer({ tags: [4, 5] }) });
    expect(spec.evaluate(remote({}, { author: author({ tags: [5] }) }), tagged)).toBeNull();
    expect(spec.evaluate(remote({}, { author: author({ tags: [6] }) }), tagged)).toBe(
      'Author tags do not match any of the indexer tags',
    );
    expect(spec.evaluate(remote({}, { author: author({ tags: [] }) }), tagged)).toBe(
      'Author tags do not match any of the indexer tags',
    );
    expect(spec.evaluate(remote({}, { author: author({ tags: [6] }) }), context())).toBeNull();
  });
});

describe('propers, repacks and the custom-format cutoff', () => {
  const proper = remote({ title: 'Ann Author - The Book PROPER (epub)' });
  const repack = (group: string) => remote({ title: `Ann Author - The Book REPACK (epub)-${group}` });

  it('UpgradeDisk: a proper of the same quality upgrades unless propers are not preferred', () => {
    const spec = new UpgradeDiskSpecification();
    const existing = { existingFiles: [file(QUALITY_IDS.epub)] };
    expect(proper.parsed?.revision.version).toBe(2);
    expect(spec.evaluate(proper, context(existing))).toBeNull();
    expect(spec.evaluate(proper, context({ ...existing, propers: 'doNotPrefer' }))).toMatch(/equal or higher/);
    // At equal quality and revision only a better custom-format score upgrades.
    const plain = remote({ title: 'Ann Author - The Book (epub)' }, { customFormatScore: 10 });
    expect(spec.evaluate(plain, context(existing))).toBeNull();
    expect(
      spec.evaluate(plain, context({ existingFiles: [file(QUALITY_IDS.epub, { customFormatScore: 10 })] })),
    ).toMatch(/equal or higher/);
  });

  it('Proper: from RSS, doNotUpgrade refuses a proper of a file on disk, and old files are not re-grabbed', () => {
    const spec = new ProperSpecification();
    const existing = { kind: 'rss' as const, existingFiles: [file(QUALITY_IDS.epub)] };
    expect(spec.evaluate(proper, context(existing))).toBeNull();
    expect(spec.evaluate(proper, context({ ...existing, propers: 'doNotUpgrade' }))).toBe(
      'Proper downloading is disabled',
    );
    expect(spec.evaluate(proper, context({ ...existing, propers: 'doNotPrefer' }))).toBeNull();
    expect(spec.evaluate(proper, context({ ...existing, kind: 'automatic', propers: 'doNotUpgrade' }))).toBeNull();
    const old = { kind: 'rss' as const, existingFiles: [file(QUALITY_IDS.epub, { dateAdded: new Date(0) })] };
    expect(spec.evaluate(proper, context(old))).toBe('Proper for old file');
  });

  it('Repack: only from the file’s own release group, and never with doNotUpgrade', () => {
    const spec = new RepackSpecification();
    const existing = { existingFiles: [file(QUALITY_IDS.epub, { releaseGroup: 'GRP' })] };
    expect(repack('GRP').parsed?.revision.isRepack).toBe(true);
    expect(spec.evaluate(repack('GRP'), context(existing))).toBeNull();
    expect(spec.evaluate(repack('OTHER'), context(existing))).toBe(
      'Release is a repack for a different release group. Release Group: OTHER. File release group: GRP',
    );
    expect(spec.evaluate(repack('GRP'), context({ ...existing, propers: 'doNotUpgrade' }))).toBe(
      'Repack downloading is disabled',
    );
    expect(spec.evaluate(repack('OTHER'), context({ ...existing, propers: 'doNotPrefer' }))).toBeNull();
    expect(
      spec.evaluate(repack('GRP'), context({ existingFiles: [file(QUALITY_IDS.epub, { releaseGroup: null })] })),
    ).toBe('Unable to determine release group for the existing file');
  });

  it('Cutoff: a file at the quality cutoff still upgrades while its format score is below cutoffFormatScore', () => {
    const spec = new CutoffSpecification();
    const azw3 = remote({ title: 'Ann Author - The Book (azw3)' });
    const profile = { ...context().profile, cutoffFormatScore: 20 };
    expect(spec.evaluate(azw3, context({ profile, existingFiles: [file(QUALITY_IDS.epub)] }))).toBeNull();
    expect(
      spec.evaluate(azw3, context({ profile, existingFiles: [file(QUALITY_IDS.epub, { customFormatScore: 20 })] })),
    ).toBe('Existing file meets cutoff: EPUB');
    // A proper of the file's own quality is not stopped by the quality cutoff.
    expect(spec.evaluate(proper, context({ existingFiles: [file(QUALITY_IDS.epub)] }))).toBeNull();
  });

  it('ranking: propers rank above the original unless propers are not preferred', () => {
    const decisions = [
      evaluate(remote({ title: 'Ann Author - The Book (epub)', guid: 'original', size: 3_000_000 }), context()),
      evaluate(remote({ title: 'Ann Author - The Book PROPER (epub)', guid: 'proper', size: 1_000_000 }), context()),
    ];
    const options = { now: NOW, profileItems: () => context().profile.items, preferredProtocol: () => 'usenet' };
    expect(prioritize([...decisions], options).map((d) => d.remote.release.guid)).toEqual(['proper', 'original']);
    // Ignored in ranking: the bigger original wins.
    expect(
      prioritize([...decisions], { ...options, comparesRevision: false }).map((d) => d.remote.release.guid),
    ).toEqual(['original', 'proper']);
  });
});
