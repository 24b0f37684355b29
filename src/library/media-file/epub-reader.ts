import { XMLParser } from 'fast-xml-parser';
import type { FileTags } from './media-file.types';
import { readZipEntries } from './zip-entries';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  textNodeName: '#text',
  parseTagValue: false,
  isArray: (name) => ['creator', 'identifier', 'rootfile', 'meta', 'title', 'language', 'publisher'].includes(name),
});

type XmlNode = string | { '#text'?: string; [key: string]: unknown };

function text(node: XmlNode | undefined): string | undefined {
  if (node === undefined || node === null) return undefined;
  const value = typeof node === 'string' ? node : typeof node === 'object' ? node['#text'] : String(node);
  const trimmed = typeof value === 'string' ? value.trim() : value === undefined ? undefined : String(value);
  return trimmed ? trimmed : undefined;
}

function attr(node: XmlNode | undefined, name: string): string | undefined {
  return node && typeof node === 'object' ? (node[`@${name}`] as string | undefined) : undefined;
}

/** The ISBN among `dc:identifier`s: scheme="ISBN", `urn:isbn:`, or a value that looks like one. */
export function isbnFrom(identifiers: XmlNode[]): string | undefined {
  for (const node of identifiers) {
    const value = text(node);
    if (!value) continue;
    const scheme = (attr(node, 'scheme') ?? '').toLowerCase();
    const stripped = value.replace(/^urn:isbn:/i, '').replace(/^isbn:?\s*/i, '');
    const digits = stripped.replace(/[-\s]/g, '');
    if (
      (scheme === 'isbn' || /^urn:isbn:/i.test(value) || /^isbn/i.test(value)) &&
      /^\d{9}[\dX]$|^\d{13}$/i.test(digits)
    )
      return digits.toUpperCase();
    if (/^97[89]\d{10}$/.test(digits)) return digits;
  }
  return undefined;
}

/** EPUB: zip → META-INF/container.xml → the OPF package document's Dublin Core metadata. */
export async function readEpub(path: string): Promise<FileTags> {
  const container = (await readZipEntries(path, (name) => name === 'META-INF/container.xml')).get(
    'META-INF/container.xml',
  );
  if (!container) throw new Error('Not an EPUB: META-INF/container.xml is missing');
  const parsed = parser.parse(container) as { container?: { rootfiles?: { rootfile?: XmlNode[] } } };
  const opfPath = attr(parsed.container?.rootfiles?.rootfile?.[0], 'full-path');
  if (!opfPath) throw new Error('Not an EPUB: container.xml names no package document');
  const opf = (await readZipEntries(path, (name) => name === opfPath)).get(opfPath);
  if (!opf) throw new Error(`EPUB package document '${opfPath}' is missing`);
  const pkg = (parser.parse(opf) as { package?: { metadata?: Record<string, XmlNode[]> } }).package;
  const metadata = pkg?.metadata;
  if (!metadata) throw new Error('EPUB package document has no metadata');
  const metas = metadata.meta ?? [];
  const meta = (name: string) =>
    attr(
      metas.find((node) => attr(node, 'name') === name),
      'content',
    );
  const dates = metadata.date as unknown as XmlNode[] | XmlNode | undefined;
  const date = text(Array.isArray(dates) ? dates[0] : dates);
  const year = date ? Number(/\d{4}/.exec(date)?.[0]) : undefined;
  return {
    title: text(metadata.title?.[0]),
    authors: (metadata.creator ?? []).flatMap((node) => text(node) ?? []),
    isbn: isbnFrom(metadata.identifier ?? []),
    language: text(metadata.language?.[0]),
    publisher: text(metadata.publisher?.[0]),
    year: year && Number.isFinite(year) ? year : undefined,
    seriesTitle: meta('calibre:series'),
    seriesIndex: meta('calibre:series_index'),
  };
}
