import { XMLParser } from 'fast-xml-parser';
import { NewznabCategory } from './newznab-categories';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['item', 'newznab:attr', 'torznab:attr', 'category', 'subcat'].includes(name),
});

export class NewznabApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
  ) {
    super(`Newznab error ${code}: ${description}`);
  }

  /** Codes 100–199 are credential problems (bad, missing or suspended key). */
  get isApiKeyError(): boolean {
    return this.code >= 100 && this.code <= 199;
  }
}

export interface NewznabCaps {
  searchAvailable: boolean;
  bookSearchAvailable: boolean;
  bookSearchParams: string[];
  maxPageSize: number;
  categories: NewznabCategory[];
}

export interface ParsedItem {
  title: string;
  guid: string;
  downloadUrl: string;
  infoUrl?: string;
  commentUrl?: string;
  size: number;
  publishDate?: Date;
  categories: number[];
  attributes: Record<string, string>;
}

type Node = Record<string, unknown>;

function parse(xml: string): Node {
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch (error) {
    throw new Error(`Indexer answered with invalid XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const error = document.error as Node | undefined;
  if (error) throw new NewznabApiError(Number(error['@_code'] ?? 0), attr(error, 'description', 'Unknown error'));
  return document;
}

/** An attribute as a string (attributes are parsed as strings; anything else falls back). */
function attr(node: Node, name: string, fallback: string): string {
  const value = node[`@_${name}`];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') {
    const inner = (value as Node)['#text'];
    return typeof inner === 'string' || typeof inner === 'number' ? String(inner) : undefined;
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

export function parseCaps(xml: string): NewznabCaps {
  const caps = (parse(xml).caps ?? {}) as Node;
  const searching = (caps.searching ?? {}) as Node;
  const search = (searching.search ?? {}) as Node;
  const bookSearch = (searching['book-search'] ?? {}) as Node;
  const limits = (caps.limits ?? {}) as Node;
  const categoriesNode = (caps.categories ?? {}) as Node;
  const categories = ((categoriesNode.category ?? []) as Node[]).map((category) => ({
    id: Number(category['@_id']),
    name: attr(category, 'name', ''),
    subcategories: ((category.subcat ?? []) as Node[]).map((sub) => ({
      id: Number(sub['@_id']),
      name: attr(sub, 'name', ''),
    })),
  }));
  const max = Number(limits['@_max'] ?? 100);
  return {
    searchAvailable: attr(search, 'available', 'yes') === 'yes',
    bookSearchAvailable: attr(bookSearch, 'available', 'no') === 'yes',
    bookSearchParams: attr(bookSearch, 'supportedParams', 'q')
      .split(',')
      .map((param) => param.trim().toLowerCase())
      .filter(Boolean),
    maxPageSize: Number.isFinite(max) && max > 0 ? Math.min(max, 100) : 100,
    categories: categories.filter((category) => Number.isFinite(category.id)),
  };
}

/** The items of a Newznab/Torznab RSS answer; attributes from `newznab:attr` and `torznab:attr`, lower-cased names. */
export function parseItems(xml: string): ParsedItem[] {
  const document = parse(xml);
  const channel = ((document.rss as Node | undefined)?.channel ?? {}) as Node;
  return ((channel.item ?? []) as Node[]).map((item) => {
    const attributes: Record<string, string> = {};
    const categories: number[] = [];
    for (const node of [...((item['newznab:attr'] ?? []) as Node[]), ...((item['torznab:attr'] ?? []) as Node[])]) {
      const name = attr(node, 'name', '').toLowerCase();
      const value = attr(node, 'value', '');
      if (name === 'category') {
        const id = Number(value);
        if (Number.isFinite(id)) categories.push(id);
      } else attributes[name] = value;
    }
    const enclosure = (item.enclosure ?? {}) as Node;
    const comments = text(item.comments);
    const guid = text(item.guid) ?? text(item.link) ?? '';
    const downloadUrl = String((enclosure['@_url'] as string | undefined) ?? text(item.link) ?? '');
    const size = Number(attributes.size ?? enclosure['@_length'] ?? text(item.size) ?? 0);
    const published = text(item.pubDate);
    const publishDate = published ? new Date(published) : undefined;
    return {
      title: text(item.title) ?? '',
      guid,
      downloadUrl,
      infoUrl: comments?.replace(/#comments$/, '') ?? undefined,
      commentUrl: comments,
      size: Number.isFinite(size) ? size : 0,
      publishDate: publishDate && !Number.isNaN(publishDate.getTime()) ? publishDate : undefined,
      categories,
      attributes,
    };
  });
}
