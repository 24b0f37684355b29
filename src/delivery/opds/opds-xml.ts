import { XMLBuilder } from 'fast-xml-parser';
import { BookEntry, Feed, FeedLink, NavigationEntry } from './opds-feed';

const NAMESPACES = {
  '@_xmlns': 'http://www.w3.org/2005/Atom',
  '@_xmlns:opds': 'http://opds-spec.org/2010/catalog',
  '@_xmlns:dc': 'http://purl.org/dc/terms/',
  '@_xmlns:opensearch': 'http://a9.com/-/spec/opensearch/1.1/',
  '@_xmlns:schema': 'http://schema.org/',
};

// The builder escapes &, <, >, " and ' in text and attributes (processEntities).
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: true,
  processEntities: true,
});

/** Characters XML 1.0 does not allow (control characters, lone surrogates, U+FFFE/FFFF) are dropped. */
export function xmlText(value: string): string {
  return value.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
}

const XML_DECLARATION = { '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' } };

function link(value: FeedLink) {
  return {
    '@_rel': value.rel,
    '@_href': xmlText(value.href),
    '@_type': value.type,
    ...(value.title !== undefined ? { '@_title': xmlText(value.title) } : {}),
    ...(value.length !== undefined ? { '@_length': String(value.length) } : {}),
  };
}

const text = (value: string) => ({ '@_type': 'text', '#text': xmlText(value) });

function navigationEntry(entry: NavigationEntry) {
  return {
    title: xmlText(entry.title),
    id: entry.id,
    updated: entry.updated.toISOString(),
    content: text(entry.content),
    link: [link(entry.link)],
  };
}

function bookEntry(entry: BookEntry) {
  return {
    title: xmlText(entry.title),
    id: entry.id,
    updated: entry.updated.toISOString(),
    ...(entry.issued ? { published: entry.issued.toISOString() } : {}),
    author: entry.authors.map((name) => ({ name: xmlText(name) })),
    ...(entry.language ? { 'dc:language': xmlText(entry.language) } : {}),
    ...(entry.issued ? { 'dc:issued': entry.issued.toISOString().slice(0, 10) } : {}),
    'dc:identifier': entry.identifiers.map(xmlText),
    ...(entry.series
      ? {
          'schema:Series': {
            '@_schema:name': xmlText(entry.series.name),
            ...(entry.series.position ? { '@_schema:position': xmlText(entry.series.position) } : {}),
          },
        }
      : {}),
    ...(entry.summary ? { summary: text(entry.summary) } : {}),
    content: text(entry.content),
    link: entry.links.map(link),
  };
}

/** An OPDS 1.2 catalog feed document (Atom). */
export function feedXml(feed: Feed): string {
  const entries =
    feed.kind === 'navigation'
      ? (feed.entries as NavigationEntry[]).map(navigationEntry)
      : (feed.entries as BookEntry[]).map(bookEntry);
  return builder.build({
    ...XML_DECLARATION,
    feed: {
      ...NAMESPACES,
      id: feed.id,
      title: xmlText(feed.title),
      updated: feed.updated.toISOString(),
      author: { name: 'Quire' },
      ...(feed.paging
        ? {
            'opensearch:itemsPerPage': feed.paging.itemsPerPage,
            'opensearch:startIndex': feed.paging.startIndex,
          }
        : {}),
      link: feed.links.map(link),
      entry: entries,
    },
  });
}

/** The OpenSearch 1.1 description e-reader apps read to learn the search url template. */
export function openSearchXml(template: string, acquisitionType: string): string {
  return builder.build({
    ...XML_DECLARATION,
    OpenSearchDescription: {
      '@_xmlns': 'http://a9.com/-/spec/opensearch/1.1/',
      ShortName: 'Quire',
      Description: 'Search the books of this Quire library by title or author',
      InputEncoding: 'UTF-8',
      OutputEncoding: 'UTF-8',
      Url: { '@_type': acquisitionType, '@_template': xmlText(template) },
    },
  });
}
