import type { RemoteBook, RemoteEdition, RemoteSeries, RemoteSeriesLink } from '../metadata-source';
import type { SeriesValues } from '../../../library/series/series.repository';

/**
 * The series a work belongs to: what the source states for the work, else what its editions state (Open
 * Library keeps series statements on editions), counted over the editions the metadata profile kept so a
 * translation's series title does not win over the allowed language's. The series stated by most editions
 * comes first and is the primary one; each series takes its most frequent position. Undefined when the source
 * states nothing at all (the stored links are then left alone).
 */
export function seriesOfWork(book: RemoteBook, editions: RemoteEdition[]): RemoteSeriesLink[] | undefined {
  if (book.series?.length) return book.series;
  const stated = editions.filter((edition) => edition.series !== undefined);
  if (!stated.length) return book.series;
  const tally = new Map<string, { link: RemoteSeriesLink; editions: number; positions: Map<string, number> }>();
  for (const link of stated.flatMap((edition) => edition.series ?? [])) {
    const entry = tally.get(link.foreignSeriesId) ?? { link, editions: 0, positions: new Map() };
    entry.editions++;
    if (link.position) entry.positions.set(link.position, (entry.positions.get(link.position) ?? 0) + 1);
    tally.set(link.foreignSeriesId, entry);
  }
  const mostFrequent = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  return [...tally.values()]
    .sort((a, b) => b.editions - a.editions)
    .map((entry, index) => ({
      foreignSeriesId: entry.link.foreignSeriesId,
      title: entry.link.title,
      position: mostFrequent(entry.positions),
      isPrimary: index === 0,
    }));
}

/** A source's series record as the stored series row's values. */
export function seriesValues(series: RemoteSeries): SeriesValues {
  return {
    foreignSeriesId: series.foreignSeriesId,
    title: series.title,
    description: series.description ?? null,
    numbered: series.numbered,
    workCount: series.works.length,
    primaryWorkCount: series.works.filter((work) => work.isPrimary).length,
  };
}
