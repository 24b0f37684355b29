/** Query keys per resource: SignalR messages invalidate by the first element (the resource name). */
export const keys = {
  authors: ['author'] as const,
  author: (slug: string) => ['author', 'slug', slug] as const,
  books: (query: object) => ['book', 'list', query] as const,
  bookPage: (query: object) => ['book', 'paged', query] as const,
  book: (slug: string) => ['book', 'slug', slug] as const,
  bookFiles: (query: object) => ['bookfile', query] as const,
  history: (query: object) => ['history', query] as const,
  qualityProfiles: ['qualityprofile'] as const,
  metadataProfiles: ['metadataprofile'] as const,
  rootFolders: ['rootfolder'] as const,
  tags: ['tag'] as const,
  customFilters: ['customfilter'] as const,
  commands: ['command'] as const,
  health: ['health'] as const,
  /** Not under `queue`: fed by the hub's `queue/status` message itself, not re-read on every queue change. */
  queueStatus: ['queue-status'] as const,
  hostConfig: ['config', 'host'] as const,
  /** Settings → UI: the one source of the date formats, theme and colour-impaired mode (app/ui-settings.tsx). */
  uiConfig: ['config', 'ui'] as const,
};
