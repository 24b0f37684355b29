export interface DevelopmentConfig {
  /** Base URL of the book metadata source (Open Library or a mirror / test server). */
  metadataSource: string;
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
  coverSource: 'https://covers.openlibrary.org',
  consoleLogLevel: '',
  logSql: false,
  logRotate: 50,
  filterSentryEvents: true,
};
