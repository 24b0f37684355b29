/** The protocols Quire speaks to a metadata source. */
export const METADATA_SOURCE_TYPES = ['openLibrary', 'bookInfo'] as const;
export type MetadataSourceType = (typeof METADATA_SOURCE_TYPES)[number];

export interface DevelopmentConfig {
  /** Base URL of the book metadata source (Open Library or a mirror / test server, or a BookInfo server). */
  metadataSource: string;
  /** Quire-only: the protocol `metadataSource` speaks (probed when a URL is set without it). */
  metadataSourceType: MetadataSourceType;
  /**
   * Quire-only: a server of the other protocol consulted when the primary source lacks a book's series or
   * description (found by ISBN); empty = off.
   */
  metadataEnrichmentSource: string;
  /** Quire-only: base URL of the cover image server. */
  coverSource: string;
  consoleLogLevel: string;
  logSql: boolean;
  logRotate: number;
  filterSentryEvents: boolean;
}

export const DEVELOPMENT_CONFIG_KEY = 'development';

export const DEVELOPMENT_CONFIG_DEFAULTS: DevelopmentConfig = {
  metadataSource: 'https://openlibrary.org',
  metadataSourceType: 'openLibrary',
  metadataEnrichmentSource: '',
  coverSource: 'https://covers.openlibrary.org',
  consoleLogLevel: '',
  logSql: false,
  logRotate: 50,
  filterSentryEvents: true,
};
