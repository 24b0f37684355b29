import { QUALITY_IDS } from '../../../library/profile/quality/quality';
import { context, remote, author, book, NOW } from '../../../../test/factories/decision';
import { AcceptableSizeSpecification } from './acceptable-size.specification';
import { BlocklistSpecification } from './blocklist.specification';
import { CustomFormatScoreSpecification } from './custom-format-score.specification';
import { CutoffSpecification } from './cutoff.specification';
import { DelaySpecification } from './delay.specification';
import { MappedSpecification } from './mapped.specification';
import { MaximumSizeSpecification } from './maximum-size.specification';
import { MinimumAgeSpecification } from './minimum-age.specification';
import { MonitoredSpecification } from './monitored.specification';
import { ProtocolSpecification } from './protocol.specification';
import { QualityAllowedByProfileSpecification } from './quality-allowed.specification';
import { QueueSpecification } from './queue.specification';
import { ReleaseProfileSpecification } from './release-profile.specification';
import { RetentionSpecification } from './retention.specification';
import { UpgradeAllowedSpecification } from './upgrade-allowed.specification';
import { UpgradeDiskSpecification } from './upgrade-disk.specification';

const MB = 1024 * 1024;
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const file = (qualityId: number, mediaKind: 'ebook' | 'audio' = 'ebook') => ({
  bookId: 10,
  qualityId,
  revision: { version: 1, real: 0 },
  mediaKind,
  customFormatScore: 0,
  releaseGroup: null,
  dateAdded: minutesAgo(60),
});

describe('decision specifications (one accepted, one rejected release each)', () => {
  it('Mapped: needs a parsed title, an author and a book', () => {
    const spec = new MappedSpecification();
    expect(spec.evaluate(remote())).toBeNull();
    expect(spec.evaluate(remote({}, { author: undefined }))).toBe('Unknown Author');
    expect(spec.evaluate(remote({}, { books: [] }))).toMatch(/Unable to identify correct book/);
    expect(spec.evaluate(remote({}, { parsed: null }))).toBe('Unable to parse release');
  });

  it('Monitored: automatic searches skip unmonitored authors and books, BookSearch does not', () => {
    const spec = new MonitoredSpecification();
    expect(spec.evaluate(remote(), context())).toBeNull();
    expect(spec.evaluate(remote({}, { books: [book({ monitored: false })] }), context())).toMatch(/not monitored/);
    expect(spec.evaluate(remote({}, { author: author({ monitored: false }) }), context())).toBe(
      'Author is not monitored',
    );
    expect(
      spec.evaluate(remote({}, { author: author({ monitored: false }) }), context({ monitoredOnly: false })),
    ).toBeNull();
  });

  it('QualityAllowedByProfile: only qualities the profile allows', () => {
    const spec = new QualityAllowedByProfileSpecification();
    expect(spec.evaluate(remote({ title: 'Ann Author - The Book (epub)' }), context())).toBeNull();
    expect(spec.evaluate(remote({ title: 'Ann Author - The Book [FLAC]' }), context())).toBe(
      'Quality FLAC is not wanted in profile',
    );
  });

  it('UpgradeDisk: an equal or better file of the same media kind rejects; the other kind does not count', () => {
    const spec = new UpgradeDiskSpecification();
    const epub = remote({ title: 'Ann Author - The Book (epub)' });
    expect(spec.evaluate(epub, context({ existingFiles: [file(QUALITY_IDS.mobi)] }))).toBeNull();
    expect(spec.evaluate(epub, context({ existingFiles: [file(QUALITY_IDS.epub)] }))).toMatch(/equal or higher/);
    expect(spec.evaluate(epub, context({ existingFiles: [file(QUALITY_IDS.m4b, 'audio')] }))).toBeNull();
  });

  it('UpgradeAllowed: a book with a same-kind file is only upgraded when the profile allows it', () => {
    const spec = new UpgradeAllowedSpecification();
    const existing = { existingFiles: [file(QUALITY_IDS.pdf)] };
    expect(spec.evaluate(remote(), context(existing))).toBeNull();
    const noUpgrades = context({ ...existing, profile: { ...context().profile, upgradeAllowed: false } });
    expect(spec.evaluate(remote(), noUpgrades)).toMatch(/does not allow upgrades/);
    expect(spec.evaluate(remote({ title: 'Ann Author - The Book [M4B]' }), noUpgrades)).toBeNull();
  });

  it('Cutoff: no upgrade once a same-kind file meets the cutoff', () => {
    const spec = new CutoffSpecification();
    const azw3 = remote({ title: 'Ann Author - The Book (azw3)' });
    expect(spec.evaluate(azw3, context({ existingFiles: [file(QUALITY_IDS.mobi)] }))).toBeNull();
    expect(spec.evaluate(azw3, context({ existingFiles: [file(QUALITY_IDS.epub)] }))).toBe(
      'Existing file meets cutoff: EPUB',
    );
  });

  it('AcceptableSize: MB per 100 pages from the quality definition', () => {
    const spec = new AcceptableSizeSpecification();
    const limits = context({ sizeLimits: new Map([[QUALITY_IDS.epub, { minSize: 0.1, maxSize: 1 }]]) });
    // 300 pages → 0.3 MB … 3 MB allowed.
    expect(spec.evaluate(remote({ size: 2 * MB }), limits)).toBeNull();
    expect(spec.evaluate(remote({ size: 5 * MB }), limits)).toMatch(/larger than maximum allowed 3.0 MB/);
    expect(spec.evaluate(remote({ size: 0.1 * MB }), limits)).toMatch(/smaller than minimum/);
    expect(spec.evaluate(remote({ size: 5 * MB }, { books: [book({ pageCount: 0 })] }), limits)).toBeNull();
  });

  it('MaximumSize: indexer config maximum size in MB', () => {
    const spec = new MaximumSizeSpecification();
    const config = context({ indexerConfig: { ...context().indexerConfig, maximumSize: 10 } });
    expect(spec.evaluate(remote({ size: 9 * MB }), config)).toBeNull();
    expect(spec.evaluate(remote({ size: 11 * MB }), config)).toMatch(/too big/);
  });

  it('Retention: usenet posts older than retention days', () => {
    const spec = new RetentionSpecification();
    const config = context({ indexerConfig: { ...context().indexerConfig, retention: 10 } });
    expect(spec.evaluate(remote({ publishDate: minutesAgo(5 * 1440) }), config)).toBeNull();
    expect(spec.evaluate(remote({ publishDate: minutesAgo(20 * 1440) }), config)).toMatch(/retention/);
    expect(spec.evaluate(remote({ publishDate: minutesAgo(20 * 1440), protocol: 'torrent' }), config)).toBeNull();
  });

  it('MinimumAge: young usenet posts wait (temporary)', () => {
    const spec = new MinimumAgeSpecification();
    expect(spec.type).toBe('temporary');
    const config = context({ indexerConfig: { ...context().indexerConfig, minimumAge: 30 } });
    expect(spec.evaluate(remote({ publishDate: minutesAgo(60) }), config)).toBeNull();
    expect(spec.evaluate(remote({ publishDate: minutesAgo(10) }), config)).toMatch(/minimum age is 30/);
  });

  it('Protocol: the delay profile must enable the protocol', () => {
    const spec = new ProtocolSpecification();
    const noTorrent = context({ delayProfile: { ...context().delayProfile, enableTorrent: false } });
    expect(spec.evaluate(remote({ protocol: 'usenet' }), noTorrent)).toBeNull();
    expect(spec.evaluate(remote({ protocol: 'torrent' }), noTorrent)).toMatch(/Torrent is not enabled/);
  });

  it('Delay: waits the protocol delay unless bypassed; interactive never waits', () => {
    const spec = new DelaySpecification();
    expect(spec.type).toBe('temporary');
    const delayed = context({ delayProfile: { ...context().delayProfile, usenetDelay: 120 } });
    expect(spec.evaluate(remote({ publishDate: minutesAgo(180) }), delayed)).toBeNull();
    expect(spec.evaluate(remote({ publishDate: minutesAgo(30) }), delayed)).toMatch(/Waiting/);
    expect(spec.evaluate(remote({ publishDate: minutesAgo(30) }), { ...delayed, kind: 'interactive' })).toBeNull();
    const bypass = context({ delayProfile: { ...delayed.delayProfile, bypassIfHighestQuality: true } });
    expect(
      spec.evaluate(remote({ title: 'Ann Author - The Book (azw3)', publishDate: minutesAgo(30) }), bypass),
    ).toBeNull();
    const byScore = context({
      delayProfile: { ...delayed.delayProfile, bypassIfAboveCustomFormatScore: true, minimumCustomFormatScore: 50 },
    });
    expect(spec.evaluate(remote({ publishDate: minutesAgo(30) }, { customFormatScore: 60 }), byScore)).toBeNull();
    expect(spec.evaluate(remote({ publishDate: minutesAgo(30) }, { customFormatScore: 10 }), byScore)).toMatch(
      /Waiting/,
    );
  });

  it('CustomFormatScore: the profile minimum format score', () => {
    const spec = new CustomFormatScoreSpecification();
    const minimum = context({ profile: { ...context().profile, minFormatScore: 10 } });
    expect(spec.evaluate(remote({}, { customFormatScore: 10 }), minimum)).toBeNull();
    expect(spec.evaluate(remote({}, { customFormatScore: 5 }), minimum)).toMatch(/below the profile's minimum 10/);
  });

  it('Blocklist: same title (or info hash) is blocked', () => {
    const spec = new BlocklistSpecification();
    const blocked = context({
      blocklist: [
        {
          sourceTitle: 'Ann Author - The Book (epub)',
          protocol: 'usenet',
          indexer: 'Indexer',
          torrentInfoHash: null,
          size: null,
        },
      ],
    });
    expect(spec.evaluate(remote({ title: 'Ann Author - The Book (mobi)' }), blocked)).toBeNull();
    expect(spec.evaluate(remote({ title: 'ann author - the book (EPUB)' }), blocked)).toBe('Release is blocklisted');
    const byHash = context({
      blocklist: [{ sourceTitle: 'other', protocol: 'torrent', indexer: null, torrentInfoHash: 'ABC', size: null }],
    });
    expect(spec.evaluate(remote({ protocol: 'torrent', infoHash: 'abc' }), byHash)).toBe('Release is blocklisted');
  });

  it('Queue: an equal or better download of the same kind already queued rejects', () => {
    const spec = new QueueSpecification();
    const epub = remote({ title: 'Ann Author - The Book (epub)' });
    expect(
      spec.evaluate(epub, context({ queued: [{ bookIds: [10], qualityId: QUALITY_IDS.mobi, title: 'x' }] })),
    ).toBeNull();
    expect(
      spec.evaluate(epub, context({ queued: [{ bookIds: [10], qualityId: QUALITY_IDS.azw3, title: 'x' }] })),
    ).toMatch(/Release in queue is of equal or higher preference: AZW3/);
    expect(
      spec.evaluate(epub, context({ queued: [{ bookIds: [10], qualityId: QUALITY_IDS.m4b, title: 'x' }] })),
    ).toBeNull();
  });

  it('ReleaseProfile: required and ignored terms, per indexer and tags', () => {
    const spec = new ReleaseProfileSpecification();
    const profiles = context({
      releaseProfiles: [
        { enabled: true, required: ['retail', '/\\bepub\\b/'], ignored: ['abridged'], indexerId: 0, tags: [] },
      ],
    });
    expect(spec.evaluate(remote({ title: 'Ann Author - The Book RETAIL (mobi)' }), profiles)).toBeNull();
    expect(spec.evaluate(remote({ title: 'Ann Author - The Book (mobi)' }), profiles)).toMatch(/required terms/);
    expect(spec.evaluate(remote({ title: 'Ann Author - The Book (epub) abridged' }), profiles)).toMatch(
      /ignored terms: abridged/,
    );
    const otherIndexer = context({
      releaseProfiles: [{ enabled: true, required: ['retail'], ignored: [], indexerId: 99, tags: [] }],
    });
    expect(spec.evaluate(remote({ title: 'Ann Author - The Book (mobi)' }), otherIndexer)).toBeNull();
    const tagged = context({
      releaseProfiles: [{ enabled: true, required: ['retail'], ignored: [], indexerId: 0, tags: [5] }],
    });
    expect(spec.evaluate(remote({ title: 'Ann Author - The Book (mobi)' }), tagged)).toBeNull();
    expect(
      spec.evaluate(remote({ title: 'Ann Author - The Book (mobi)' }, { author: author({ tags: [5] }) }), tagged),
    ).toMatch(/required terms/);
  });
});
