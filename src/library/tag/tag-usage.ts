import type { TableColumn } from '../../platform/database/optional-table';

/**
 * Where tags are used: `detail` key → table and integer[] column. Tables owned by other features
 * are read with plain SQL and count as empty while they do not exist, so this module imports none
 * of them. A feature that stores tags elsewhere adds its table here.
 */
export const TAG_USAGE_SOURCES = {
  delayProfileIds: { table: 'delay_profile', column: 'tags' },
  importListIds: { table: 'provider_definition', column: 'tags', where: "kind = 'importList'" },
  notificationIds: { table: 'provider_definition', column: 'tags', where: "kind = 'notification'" },
  restrictionIds: { table: 'release_profile', column: 'tags' },
  indexerIds: { table: 'provider_definition', column: 'tags', where: "kind = 'indexer'" },
  downloadClientIds: { table: 'provider_definition', column: 'tags', where: "kind = 'downloadClient'" },
  authorIds: { table: 'author', column: 'tags' },
} satisfies Record<string, TableColumn>;

/**
 * Users that make a tag "in use" without a list in TagDetailsResource (Readarr: root folders'
 * default tags; here also metadata consumers, which share the provider table).
 */
export const EXTRA_TAG_USERS: TableColumn[] = [
  { table: 'root_folder', column: 'default_tags' },
  { table: 'provider_definition', column: 'tags', where: "kind = 'metadata'" },
];

export type TagUsageKey = keyof typeof TAG_USAGE_SOURCES;
