import type { Schemas } from '../../api/client';

/** `GET /api/v1/migration/{commandId}`: what a Readarr migration (or its dry run) found and did (OpenAPI types). */
export type EntityCounts = Schemas['MigrationEntityCountsResource'];
export type UnmatchedEntry = Schemas['MigrationUnmatchedResource'];
export type ConflictEntry = Schemas['MigrationConflictResource'];
export type MigrationReport = Schemas['MigrationReportResource'];

/** The server's entities, in the order it migrates them, with the names the page shows. */
const ENTITY_LABELS: [string, string][] = [
  ['tags', 'Tags'],
  ['customFormats', 'Custom formats'],
  ['qualityProfiles', 'Quality profiles'],
  ['metadataProfiles', 'Metadata profiles'],
  ['delayProfiles', 'Delay profiles'],
  ['releaseProfiles', 'Release profiles'],
  ['rootFolders', 'Root folders'],
  ['indexers', 'Indexers'],
  ['downloadClients', 'Download clients'],
  ['importLists', 'Import lists'],
  ['notifications', 'Connections'],
  ['remotePathMappings', 'Remote path mappings'],
  ['settings', 'Settings'],
  ['authors', 'Authors'],
  ['books', 'Books'],
  ['editions', 'Editions'],
  ['bookFiles', 'Book files'],
  ['importListExclusions', 'Import list exclusions'],
  ['history', 'History'],
  ['blocklist', 'Blocklist'],
];

export interface CountRow extends EntityCounts {
  entity: string;
  label: string;
}

/** One row per entity the source had (entities with nothing found are left out); unknown entities last. */
export function countRows(report: Pick<MigrationReport, 'counts'>): CountRow[] {
  const known = new Map(ENTITY_LABELS);
  const order = [
    ...ENTITY_LABELS.map(([entity]) => entity),
    ...Object.keys(report.counts).filter((e) => !known.has(e)),
  ];
  return order
    .filter((entity) => (report.counts[entity]?.found ?? 0) > 0)
    .map((entity) => ({ entity, label: known.get(entity) ?? entity, ...report.counts[entity] }));
}

export interface FixLink {
  label: string;
  to: string;
}

/**
 * Where the user can resolve an unmatched entry. Authors and books are kept in the library under their Readarr id
 * (`goodreads:<id>`, which is also their page's slug), so after an apply they can be opened; either way the
 * metadata source can be searched for the title. Files missing on disk and settings have nothing to open.
 */
export function fixLinks(entry: UnmatchedEntry, report: Pick<MigrationReport, 'dryRun' | 'source'>): FixLink[] {
  const links: FixLink[] = [];
  const kept = entry.foreignId ? `${report.source.metadataIds}:${entry.foreignId}` : undefined;
  const search = (term: string): FixLink => ({
    label: 'Search metadata',
    to: `/add/search?term=${encodeURIComponent(term)}`,
  });
  if (entry.kind === 'author') {
    if (!report.dryRun && kept) links.push({ label: 'Open author', to: `/author/${encodeURIComponent(kept)}` });
    links.push(search(entry.title));
  } else if (entry.kind === 'book') {
    if (!report.dryRun && kept) links.push({ label: 'Open book', to: `/book/${encodeURIComponent(kept)}` });
    links.push(search(entry.title));
  } else if (entry.kind === 'importListExclusion') links.push(search(entry.title));
  return links;
}

/** The report's one-line summary. */
export function summary(report: MigrationReport): string {
  const { authors, books, bookFiles } = report.counts;
  const parts = [
    `${authors?.found ?? 0} authors`,
    `${books?.found ?? 0} books (${books?.unmatched ?? 0} unmatched)`,
    `${(bookFiles?.imported ?? 0) + (bookFiles?.merged ?? 0)} of ${bookFiles?.found ?? 0} files`,
  ];
  return `${report.source.appName} ${report.source.version}: ${parts.join(', ')}; ${report.lookups.requests} metadata requests`;
}

/** The percentage at the end of the command's progress message (`… (42%)`), if any. */
export function progressOf(message: string | null | undefined): number | undefined {
  const match = /\((\d{1,3})%\)\s*$/.exec(message ?? '');
  return match ? Math.min(100, Number(match[1])) : undefined;
}
