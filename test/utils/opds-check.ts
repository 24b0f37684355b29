import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** An Atom link as parsed. */
export interface ParsedLink {
  rel?: string;
  href: string;
  type?: string;
  title?: string;
  length?: string;
}

export interface ParsedEntry {
  id: string;
  title: string;
  updated: string;
  authors: string[];
  links: ParsedLink[];
  content?: string;
  summary?: string;
  language?: string;
  issued?: string;
  identifiers: string[];
  series?: { name: string; position?: string };
}

export interface ParsedFeed {
  id: string;
  title: string;
  updated: string;
  kind: 'navigation' | 'acquisition';
  links: ParsedLink[];
  entries: ParsedEntry[];
}

const ATOM = 'http://www.w3.org/2005/Atom';
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const CATALOG_TYPE = /^application\/atom\+xml;\s*profile=opds-catalog;\s*kind=(navigation|acquisition)$/;
const ACQUISITION_REL = /^http:\/\/opds-spec\.org\/acquisition(\/(open-access|borrow|buy|sample|preview|subscribe))?$/;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ['entry', 'link', 'author', 'dc:identifier'].includes(name),
});

type Node = Record<string, any>;

const textOf = (node: unknown): string | undefined =>
  node === undefined ? undefined : typeof node === 'string' ? node : (node as Node)['#text'];

/**
 * Parses an OPDS 1.2 catalog feed and checks the rules of OPDS 1.2 and of Atom (RFC 4287) that a client
 * relies on; every broken rule is collected and thrown together.
 */
export function parseOpdsFeed(xml: string, expectedKind?: 'navigation' | 'acquisition'): ParsedFeed {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  const document = parser.parse(xml) as Node;
  const feed = document.feed as Node | undefined;
  const problems: string[] = [];
  if (!feed) throw new Error('the root element is not <feed>');
  if (feed.xmlns !== ATOM) problems.push(`feed is not in the Atom namespace: ${feed.xmlns}`);
  for (const element of ['id', 'title', 'updated'])
    if (!textOf(feed[element])) problems.push(`feed has no <${element}>`);
  if (feed.updated && !RFC3339.test(textOf(feed.updated)!)) problems.push(`feed updated is not RFC 3339`);
  const links = (feed.link ?? []) as ParsedLink[];
  for (const link of links) if (!link.href) problems.push(`a feed link has no href`);
  const self = links.find((link) => link.rel === 'self');
  const kind = CATALOG_TYPE.exec(self?.type ?? '')?.[1] as ParsedFeed['kind'] | undefined;
  if (!kind) problems.push(`self link type is not an OPDS catalog type: ${self?.type}`);
  if (expectedKind && kind !== expectedKind) problems.push(`expected a ${expectedKind} feed, got ${kind}`);
  const start = links.find((link) => link.rel === 'start');
  if (!start || !/kind=navigation/.test(start.type ?? '')) problems.push('no start link to a navigation feed');
  const feedHasAuthor = Array.isArray(feed.author) && feed.author.length > 0;

  const entries: ParsedEntry[] = ((feed.entry ?? []) as Node[]).map((entry, index) => {
    const where = `entry ${index + 1}`;
    for (const element of ['id', 'title', 'updated'])
      if (!textOf(entry[element])) problems.push(`${where} has no <${element}>`);
    if (entry.updated && !RFC3339.test(textOf(entry.updated)!)) problems.push(`${where} updated is not RFC 3339`);
    const entryLinks = (entry.link ?? []) as ParsedLink[];
    for (const link of entryLinks) if (!link.href) problems.push(`${where} has a link without href`);
    const authors = ((entry.author ?? []) as Node[]).map((author) => textOf(author.name) ?? '');
    if (!feedHasAuthor && authors.length === 0) problems.push(`${where} has no author and neither has the feed`);
    // RFC 4287 §4.1.1.1: an entry without content needs an alternate link.
    if (entry.content === undefined && !entryLinks.some((link) => link.rel === 'alternate'))
      problems.push(`${where} has neither content nor an alternate link`);
    if (kind === 'navigation') {
      if (!entryLinks.some((link) => CATALOG_TYPE.test(link.type ?? '')))
        problems.push(`${where} of a navigation feed links to no catalog feed`);
    }
    if (kind === 'acquisition') {
      const acquisitions = entryLinks.filter((link) => ACQUISITION_REL.test(link.rel ?? ''));
      if (acquisitions.length === 0) problems.push(`${where} of an acquisition feed has no acquisition link`);
      for (const link of acquisitions) if (!link.type) problems.push(`${where} acquisition link has no type`);
      for (const link of entryLinks.filter((l) => /^http:\/\/opds-spec\.org\/image/.test(l.rel ?? '')))
        if (!/^image\//.test(link.type ?? '')) problems.push(`${where} image link type ${link.type}`);
    }
    const series = entry['schema:Series'] as Node | undefined;
    return {
      id: textOf(entry.id)!,
      title: textOf(entry.title)!,
      updated: textOf(entry.updated)!,
      authors,
      links: entryLinks,
      content: textOf(entry.content),
      summary: textOf(entry.summary),
      language: textOf(entry['dc:language']),
      issued: textOf(entry['dc:issued']),
      identifiers: ((entry['dc:identifier'] ?? []) as unknown[]).map((id) => textOf(id)!),
      series: series ? { name: series['schema:name'], position: series['schema:position'] } : undefined,
    };
  });
  if (entries.length > 50) problems.push(`${entries.length} entries on one page (at most 50)`);
  if (problems.length) throw new Error(`OPDS feed breaks the rules:\n- ${problems.join('\n- ')}`);
  return {
    id: textOf(feed.id)!,
    title: textOf(feed.title)!,
    updated: textOf(feed.updated)!,
    kind: kind!,
    links,
    entries,
  };
}

export function linkOf(links: ParsedLink[], rel: string): ParsedLink | undefined {
  return links.find((link) => link.rel === rel);
}
