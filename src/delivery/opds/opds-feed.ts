/** OPDS 1.2 link types and relations. */
export const OPDS_TYPES = {
  navigation: 'application/atom+xml;profile=opds-catalog;kind=navigation',
  acquisition: 'application/atom+xml;profile=opds-catalog;kind=acquisition',
  openSearch: 'application/opensearchdescription+xml',
} as const;

export const OPDS_RELS = {
  acquisition: 'http://opds-spec.org/acquisition',
  image: 'http://opds-spec.org/image',
  thumbnail: 'http://opds-spec.org/image/thumbnail',
  sortNew: 'http://opds-spec.org/sort/new',
} as const;

export type FeedKind = 'navigation' | 'acquisition';

export interface FeedLink {
  rel: string;
  href: string;
  type: string;
  title?: string;
  /** Bytes of the linked resource (Atom `length`). */
  length?: number;
}

/** An entry of a navigation feed: a link to another feed. */
export interface NavigationEntry {
  id: string;
  title: string;
  updated: Date;
  content: string;
  link: FeedLink;
}

/** An entry of an acquisition feed: one book with its metadata and one acquisition link per file. */
export interface BookEntry {
  id: string;
  title: string;
  updated: Date;
  authors: string[];
  language?: string;
  summary?: string;
  content: string;
  issued?: Date;
  identifiers: string[];
  series?: { name: string; position?: string };
  links: FeedLink[];
}

export interface Feed {
  id: string;
  title: string;
  updated: Date;
  kind: FeedKind;
  links: FeedLink[];
  entries: NavigationEntry[] | BookEntry[];
  /** OpenSearch paging figures (itemsPerPage, startIndex), for clients that read them. */
  paging?: { itemsPerPage: number; startIndex: number };
}
