import { QUALITY_IDS } from '../../library/profile/quality/quality';
import { formatMatches, formatScore, matchFormats } from './custom-format-calculator';
import { prioritize } from './decision-comparer';
import { evaluate } from './evaluate';
import { context, NOW, remote } from '../../../test/factories/decision';

const spec = (
  implementation: string,
  fields: Record<string, unknown>,
  extra: { negate?: boolean; required?: boolean } = {},
) => ({
  name: implementation,
  implementation,
  negate: extra.negate ?? false,
  required: extra.required ?? false,
  fields,
});

describe('custom formats', () => {
  const input = {
    title: 'Ann Author - The Book RETAIL (epub)-GRP',
    releaseGroup: 'GRP',
    indexerFlags: 1,
    size: 2 * 1024 ** 3,
  };

  it('matches title/group regexes, indexer flags and size, with negate and required', () => {
    expect(formatMatches({ specifications: [spec('ReleaseTitleSpecification', { value: 'retail' })] }, input)).toBe(
      true,
    );
    expect(formatMatches({ specifications: [spec('ReleaseGroupSpecification', { value: '^XYZ$' })] }, input)).toBe(
      false,
    );
    expect(formatMatches({ specifications: [spec('IndexerFlagSpecification', { value: 1 })] }, input)).toBe(true);
    expect(formatMatches({ specifications: [spec('SizeSpecification', { min: 1, max: 3 })] }, input)).toBe(true);
    expect(formatMatches({ specifications: [spec('SizeSpecification', { min: 3, max: 4 })] }, input)).toBe(false);
    expect(
      formatMatches(
        { specifications: [spec('ReleaseTitleSpecification', { value: 'retail' }, { negate: true })] },
        input,
      ),
    ).toBe(false);
    // Within one type, one optional match suffices; a failing required one does not.
    expect(
      formatMatches(
        {
          specifications: [
            spec('ReleaseTitleSpecification', { value: 'nope' }),
            spec('ReleaseTitleSpecification', { value: 'epub' }),
          ],
        },
        input,
      ),
    ).toBe(true);
    expect(
      formatMatches(
        {
          specifications: [
            spec('ReleaseTitleSpecification', { value: 'epub' }),
            spec('ReleaseTitleSpecification', { value: 'nope' }, { required: true }),
          ],
        },
        input,
      ),
    ).toBe(false);
  });

  it('scores matched formats with the profile’s format items', () => {
    const formats = [
      {
        id: 1,
        name: 'Retail',
        includeCustomFormatWhenRenaming: false,
        specifications: [spec('ReleaseTitleSpecification', { value: 'retail' })],
      },
      {
        id: 2,
        name: 'Bad',
        includeCustomFormatWhenRenaming: false,
        specifications: [spec('ReleaseTitleSpecification', { value: 'bad' })],
      },
    ];
    const matched = matchFormats(formats, input);
    expect(matched).toEqual([{ id: 1, name: 'Retail' }]);
    expect(
      formatScore(matched, [
        { format: 1, score: 25 },
        { format: 2, score: -100 },
      ]),
    ).toBe(25);
  });
});

describe('evaluate and prioritize', () => {
  it('marks temporary-only rejections as temporarily rejected and unmapped releases as not downloadable', () => {
    const delayed = context({ delayProfile: { ...context().delayProfile, usenetDelay: 600 } });
    const decision = evaluate(remote({ publishDate: new Date(NOW.getTime() - 60_000) }), delayed);
    expect(decision).toMatchObject({
      approved: false,
      temporarilyRejected: true,
      rejected: false,
      downloadAllowed: true,
    });
    const unmapped = evaluate(remote({}, { author: undefined }), context());
    expect(unmapped).toMatchObject({ approved: false, rejected: true, downloadAllowed: false });
    expect(unmapped.rejections).toEqual([{ reason: 'Unknown Author', type: 'permanent' }]);
  });

  it('ranks by profile quality, then format score, preferred protocol, indexer priority, seeders, size', () => {
    const ctx = context();
    const d = (guid: string, extra: Parameters<typeof remote>[0] = {}, score = 0) =>
      evaluate(
        remote(
          { title: guid.includes(' - ') ? guid : 'A - The Book (epub)', guid, ...extra },
          { customFormatScore: score },
        ),
        ctx,
      );
    const options = { now: NOW, profileItems: () => ctx.profile.items, preferredProtocol: () => 'usenet' };
    const order = (list: ReturnType<typeof d>[]) => prioritize(list, options).map((x) => x.remote.release.guid);

    expect(order([d('A - The Book (pdf)'), d('A - The Book (azw3)'), d('A - The Book (epub)')])).toEqual([
      'A - The Book (azw3)',
      'A - The Book (epub)',
      'A - The Book (pdf)',
    ]);
    expect(order([d('low', {}, 0), d('high', {}, 50)])).toEqual(['high', 'low']);
    expect(order([d('t', { protocol: 'torrent' }), d('u', { protocol: 'usenet' })])).toEqual(['u', 't']);
    expect(order([d('p50', { indexerPriority: 50 }), d('p10', { indexerPriority: 10 })])).toEqual(['p10', 'p50']);
    expect(
      order([d('few', { protocol: 'torrent', seeders: 1 }), d('many', { protocol: 'torrent', seeders: 500 })]).slice(
        0,
        1,
      ),
    ).toEqual(['many']);
    expect(order([d('small', { size: 1 }), d('big', { size: 5 })])).toEqual(['big', 'small']);
    expect(QUALITY_IDS.azw3).toBe(4);
  });
});
