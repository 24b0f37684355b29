import type { RemoteBook, RemoteEdition } from '../metadata-source';
import { NO_LOCAL_IDS, toLookupBookResource } from './lookup-resource.mapper';

const RATINGS = { votes: 0, value: 0, popularity: 0 };

const work = (fields: Partial<RemoteBook> = {}): RemoteBook => ({
  foreignBookId: 'OL1W',
  title: 'Strata',
  authors: [{ foreignAuthorId: 'OL1A', name: 'Terry Pratchett' }],
  overview: 'A flat world.',
  genres: [],
  images: [],
  links: [{ url: 'https://openlibrary.org/works/OL1W', name: 'Open Library' }],
  ratings: { votes: 3, value: 4, popularity: 20 },
  editionCount: 0,
  languages: ['eng'],
  ...fields,
});

const edition = (id: string, language: string, fields: Partial<RemoteEdition> = {}): RemoteEdition => ({
  foreignEditionId: id,
  title: id,
  language,
  isEbook: false,
  pageCount: 100,
  images: [],
  links: [],
  ratings: RATINGS,
  ...fields,
});

const monitoredOf = (book: RemoteBook) =>
  toLookupBookResource(book, undefined, NO_LOCAL_IDS)
    .editions.filter((e) => e.monitored)
    .map((e) => e.foreignEditionId);

describe('lookup books always carry an edition, one of them monitored', () => {
  it('a work with neither editions nor a cover edition gets one made from the work', () => {
    const resource = toLookupBookResource(work(), undefined, NO_LOCAL_IDS);
    expect(resource.foreignEditionId).toBe('OL1W-1');
    expect(resource.editions).toEqual([
      expect.objectContaining({
        foreignEditionId: 'OL1W-1',
        title: 'Strata',
        language: 'eng',
        overview: 'A flat world.',
        monitored: true,
        links: [{ url: 'https://openlibrary.org/works/OL1W', name: 'Open Library' }],
      }),
    ]);
  });

  it('a work with a cover edition but no editions gets that edition', () => {
    expect(monitoredOf(work({ coverEditionId: 'OL7M' }))).toEqual(['OL7M']);
  });

  it('the monitored edition is the cover edition, else one in the work’s first language, else one with a cover', () => {
    const editions = [edition('OL1M', 'fre'), edition('OL2M', 'ger'), edition('OL3M', 'eng')];
    expect(monitoredOf(work({ editions, coverEditionId: 'OL2M' }))).toEqual(['OL2M']);
    expect(monitoredOf(work({ editions }))).toEqual(['OL3M']);
    const covered = [edition('OL1M', 'fre'), edition('OL2M', 'ger', { images: [{ coverType: 'cover', url: 'x' }] })];
    expect(monitoredOf(work({ editions: covered, languages: ['spa'] }))).toEqual(['OL2M']);
    expect(monitoredOf(work({ editions: [edition('OL1M', 'fre')], languages: [] }))).toEqual(['OL1M']);
  });
});
