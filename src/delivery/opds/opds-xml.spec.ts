import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { letterOf } from './opds-catalog.service';
import { OPDS_RELS, OPDS_TYPES } from './opds-feed';
import { feedXml, openSearchXml, xmlText } from './opds-xml';

describe('OPDS XML', () => {
  const hostile = 'Tom & Jerry <script>alert("x")</script> \u0001\u0008\uFFFE end';

  it('drops characters XML 1.0 forbids and keeps the rest', () => {
    expect(xmlText(hostile)).toBe('Tom & Jerry <script>alert("x")</script>  end');
    expect(xmlText('Ünïcödé 😀\ttab')).toBe('Ünïcödé 😀\ttab');
  });

  it('escapes every text and attribute, so hostile metadata parses back unchanged', () => {
    const xml = feedXml({
      id: 'urn:uuid:1',
      title: hostile,
      updated: new Date('2026-01-01T00:00:00Z'),
      kind: 'acquisition',
      links: [{ rel: 'self', href: '/opds/search?q=a&b="c"', type: OPDS_TYPES.acquisition }],
      entries: [
        {
          id: 'urn:uuid:2',
          title: '<b>Bold</b> & "quoted"',
          updated: new Date('2026-01-01T00:00:00Z'),
          authors: ["O'Brien & Sons"],
          summary: ']]> <![CDATA[ x',
          content: 'c',
          identifiers: ['urn:uuid:2'],
          series: { name: 'A "B" & <C>', position: '1.5' },
          links: [{ rel: OPDS_RELS.acquisition, href: '/opds/file/1', type: 'application/epub+zip', length: 10 }],
        },
      ],
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false }).parse(
      xml,
    ) as { feed: Record<string, any> };
    expect(parsed.feed.title).toBe(xmlText(hostile));
    expect(parsed.feed.link.href).toBe('/opds/search?q=a&b="c"');
    expect(parsed.feed.entry.title).toBe('<b>Bold</b> & "quoted"');
    expect(parsed.feed.entry.author.name).toBe("O'Brien & Sons");
    expect(parsed.feed.entry.summary['#text']).toBe(']]> <![CDATA[ x');
    expect(parsed.feed.entry['schema:Series']['schema:name']).toBe('A "B" & <C>');
  });

  it('writes an OpenSearch description with the template unescaped where it must be', () => {
    const xml = openSearchXml('/opds/search?q={searchTerms}&apikey=k', OPDS_TYPES.acquisition);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('template="/opds/search?q={searchTerms}&amp;apikey=k"');
  });

  it('files names under A–Z with accents folded, the rest under #', () => {
    expect(['a', 'É', 'ø', 'Z', '1', '«', 'Ж'].map(letterOf)).toEqual(['A', 'E', '#', 'Z', '#', '#', '#']);
  });
});
