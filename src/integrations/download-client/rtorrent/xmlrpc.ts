import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The XML-RPC rTorrent speaks: the classic types plus the `i8` of xmlrpc-c, the library rTorrent is built on, which
 * carries its 64-bit sizes. Encoding is a few lines of escaping; decoding leans on fast-xml-parser for the XML
 * itself (entities, CDATA, well-formedness) and only maps its ordered tree onto values, refusing any shape XML-RPC
 * does not define, so that a proxy's error page is an error and not an empty list.
 */
export type XmlRpcValue = string | number | boolean | Buffer | null | XmlRpcValue[] | { [name: string]: XmlRpcValue };

/** A `<fault>` answer: the server understood the call and refused it. */
export class XmlRpcFault extends Error {
  constructor(
    readonly faultCode: number,
    readonly faultString: string,
  ) {
    super(`rTorrent returned error code ${faultCode}: ${faultString}`);
  }
}

/** An answer that is not XML-RPC at all (an HTML error page, a truncated body). */
export class XmlRpcFormatError extends Error {}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

function encodeValue(value: XmlRpcValue): string {
  if (value === null) return '<value><nil/></value>';
  if (typeof value === 'string') return `<value><string>${escapeXml(value)}</string></value>`;
  if (typeof value === 'boolean') return `<value><boolean>${value ? 1 : 0}</boolean></value>`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('XML-RPC cannot carry NaN or Infinity');
    if (!Number.isInteger(value)) return `<value><double>${value}</double></value>`;
    return value >= INT32_MIN && value <= INT32_MAX
      ? `<value><i4>${value}</i4></value>`
      : `<value><i8>${value}</i8></value>`;
  }
  if (Buffer.isBuffer(value)) return `<value><base64>${value.toString('base64')}</base64></value>`;
  if (Array.isArray(value)) return `<value><array><data>${value.map(encodeValue).join('')}</data></array></value>`;
  const members = Object.entries(value).map(
    ([name, member]) => `<member><name>${escapeXml(name)}</name>${encodeValue(member)}</member>`,
  );
  return `<value><struct>${members.join('')}</struct></value>`;
}

/** The body of a `methodCall`. */
export function encodeMethodCall(method: string, params: XmlRpcValue[]): string {
  const encoded = params.map((param) => `<param>${encodeValue(param)}</param>`).join('');
  return `<?xml version="1.0"?><methodCall><methodName>${escapeXml(method)}</methodName><params>${encoded}</params></methodCall>`;
}

/** One node of fast-xml-parser's ordered tree: `{ tag: children }` or `{ '#text': text }`. */
type OrderedNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  trimValues: false,
  parseTagValue: false,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  htmlEntities: true,
});

const tagOf = (node: OrderedNode) => Object.keys(node).find((key) => key !== ':@');
const textOf = (children: OrderedNode[]) =>
  children.map((child) => (typeof child['#text'] === 'string' ? child['#text'] : '')).join('');

/** The element children, whitespace between them dropped; any other text there is malformed XML-RPC. */
function elements(children: OrderedNode[], where: string): OrderedNode[] {
  return children.filter((child) => {
    if (tagOf(child) !== '#text') return true;
    if (String(child['#text']).trim()) throw new XmlRpcFormatError(`Unexpected text in <${where}>`);
    return false;
  });
}

function only(children: OrderedNode[], tag: string, where: string): OrderedNode[] {
  const [first, ...rest] = elements(children, where);
  if (!first || rest.length || tagOf(first) !== tag) throw new XmlRpcFormatError(`Expected one <${tag}> in <${where}>`);
  return first[tag] as OrderedNode[];
}

function integer(text: string, tag: string): number {
  const trimmed = text.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) throw new XmlRpcFormatError(`Invalid <${tag}> value`);
  return Number(trimmed);
}

function decodeValue(children: OrderedNode[]): XmlRpcValue {
  // A value without a type element is a string, whitespace included.
  if (children.every((child) => tagOf(child) === '#text')) return textOf(children);
  const typed = elements(children, 'value');
  if (typed.length > 1) throw new XmlRpcFormatError('A <value> holds more than one type');
  const tag = tagOf(typed[0])!;
  const inner = typed[0][tag] as OrderedNode[];
  switch (tag) {
    case 'string':
      return textOf(inner);
    case 'i4':
    case 'i8':
    case 'int':
      return integer(textOf(inner), tag);
    case 'boolean': {
      const text = textOf(inner).trim();
      if (text !== '0' && text !== '1') throw new XmlRpcFormatError('Invalid <boolean> value');
      return text === '1';
    }
    case 'double': {
      const text = textOf(inner).trim();
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new XmlRpcFormatError('Invalid <double> value');
      return Number(text);
    }
    case 'base64':
      return Buffer.from(textOf(inner).replace(/\s+/g, ''), 'base64');
    case 'dateTime.iso8601':
      return textOf(inner).trim();
    case 'nil':
      return null;
    case 'array':
      return elements(only(inner, 'data', 'array'), 'data').map((item) => {
        if (tagOf(item) !== 'value') throw new XmlRpcFormatError('An <array> holds something other than <value>');
        return decodeValue(item.value as OrderedNode[]);
      });
    case 'struct': {
      const struct: Record<string, XmlRpcValue> = {};
      for (const member of elements(inner, 'struct')) {
        if (tagOf(member) !== 'member') throw new XmlRpcFormatError('A <struct> holds something other than <member>');
        const parts = elements(member.member as OrderedNode[], 'member');
        const name = parts.find((part) => tagOf(part) === 'name');
        const value = parts.find((part) => tagOf(part) === 'value');
        if (!name || !value || parts.length !== 2)
          throw new XmlRpcFormatError('A <member> needs one name and one value');
        struct[textOf(name.name as OrderedNode[])] = decodeValue(value.value as OrderedNode[]);
      }
      return struct;
    }
    default:
      throw new XmlRpcFormatError(`Unknown XML-RPC type <${tag}>`);
  }
}

/** The single result of a `methodResponse`; a `<fault>` is thrown as XmlRpcFault. */
export function decodeMethodResponse(xml: string): XmlRpcValue {
  if (XMLValidator.validate(xml) !== true) throw new XmlRpcFormatError('The answer is not well-formed XML');
  const response = only(parser.parse(xml) as OrderedNode[], 'methodResponse', 'document');
  const [body, ...rest] = elements(response, 'methodResponse');
  if (!body || rest.length) throw new XmlRpcFormatError('Expected <params> or <fault> in <methodResponse>');
  if (tagOf(body) === 'fault') {
    const fault = decodeValue(only(body.fault as OrderedNode[], 'value', 'fault'));
    if (!fault || typeof fault !== 'object' || Array.isArray(fault) || Buffer.isBuffer(fault))
      throw new XmlRpcFormatError('A <fault> must hold a struct');
    throw new XmlRpcFault(Number(fault.faultCode ?? 0), typeof fault.faultString === 'string' ? fault.faultString : '');
  }
  if (tagOf(body) !== 'params') throw new XmlRpcFormatError('Expected <params> or <fault> in <methodResponse>');
  const param = only(body.params as OrderedNode[], 'param', 'params');
  return decodeValue(only(param, 'value', 'param'));
}

/** A scalar answer as text (rTorrent answers strings, and numbers where a string was set); anything else is refused. */
export function asText(value: XmlRpcValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new XmlRpcFormatError('Expected a string in the answer');
}
