export interface IndexerConfig {
  minimumAge: number;
  maximumSize: number;
  retention: number;
  /** Minutes; 0 disables RSS sync, otherwise 10–120. */
  rssSyncInterval: number;
}

export const INDEXER_CONFIG_KEY = 'indexer';

export const INDEXER_CONFIG_DEFAULTS: IndexerConfig = {
  minimumAge: 0,
  maximumSize: 0,
  retention: 0,
  rssSyncInterval: 15,
};
