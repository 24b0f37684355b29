/**
 * Where tags are used: `detail` key → table and integer[] column. Tables owned by other features
 * are read with plain SQL and simply count as empty while they do not exist, so this module needs
 * none of them. A feature that stores tags elsewhere adds its table here.
 */
export const TAG_USAGE_SOURCES = {
  delayProfileIds: { table: 'delay_profile', column: 'tags' },
  importListIds: { table: 'import_list', column: 'tags' },
  notificationIds: { table: 'notification', column: 'tags' },
  restrictionIds: { table: 'release_profile', column: 'tags' },
  indexerIds: { table: 'indexer', column: 'tags' },
  downloadClientIds: { table: 'download_client', column: 'tags' },
  authorIds: { table: 'author', column: 'tags' },
} as const;

/** Users that make a tag "in use" without being listed in TagDetailsResource (Readarr: root folders). */
export const EXTRA_TAG_USERS = [{ table: 'root_folder', column: 'default_tags', noun: 'root folder' }] as const;

export type TagUsageKey = keyof typeof TAG_USAGE_SOURCES;
