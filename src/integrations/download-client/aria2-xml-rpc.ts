import { XMLParser } from 'fast-xml-parser';

/** What aria2's XML-RPC carries: strings, ints, booleans, base64 (torrent files), arrays and structs. */
export type XmlRpcValue = string | number | boolean | Buffer | XmlRpcValue[] | { [name: string]: XmlRpcValue };

/** A `<fault>` answer: aria2 says what went wrong (code 1 "Unauthorized" for a wrong secret token). */
export class XmlRpcFault extends Error {
  constructor(
    readonly faultCode: number,
    readonly faultString: string,
  ) {
    super(`Aria2 returned error code ${faultCode}: ${faultString}`);
  }
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function encodeValue(value: XmlRpcValue): string {
  if (Buffer.isBuffer(value)) return `<base64>${value.toString('base64')}</base64>`;
  if (typeof value === 'string') return `<string>${escape(value)}</string>`;
  if (typeof value === 'boolean') return `<boolean>${value ? 1 : 0}</boolean>`;
  if (typeof value === 'number') return Number.isInteger(value) ? `<int>${value}</int>` : `<double>${value}</double>`;
  if (Array.isArray(value))
    return `<array><data>${value.map((item) => `<value>${encodeValue(item)}</value>`).join('')}</data></array>`;
  const members = Object.entries(value).map(
    ([name, member]) => `<member><name>${escape(name)}</name><value>${encodeValue(member)}</value></member>`,
  );
  return `<struct>${members.join('')}</struct>`;
}

export function xmlRpcCall(method: string, params: XmlRpcValue[]): string {
  const encoded = params.map((param) => `<param><value>${encodeValue(param)}</value></param>`).join('');
  return `<?xml version="1.0"?><methodCall><methodName>${escape(method)}</methodName><params>${encoded}</params></methodCall>`;
}

const parser = new XMLParser({
  parseTagValue: false,
  trimValues: false,
  isArray: (name, jPath) => name === 'member' || (name === 'value' && String(jPath).endsWith('data.value')),
});

/** The text of a scalar element (the parser gives text as a string; an empty element as ''). */
const text = (node: unknown): string => (typeof node === 'string' || typeof node === 'number' ? String(node) : '');

function decodeValue(node: unknown): XmlRpcValue {
  // A bare `<value>text</value>` is a string in XML-RPC.
  if (typeof node !== 'object' || node === null) return text(node);
  const value = node as Record<string, unknown>;
  if ('string' in value) return text(value.string);
  if ('int' in value) return Number(text(value.int));
  if ('i4' in value) return Number(text(value.i4));
  if ('double' in value) return Number(text(value.double));
  if ('boolean' in value) return text(value.boolean).trim() === '1';
  if ('base64' in value) return Buffer.from(text(value.base64), 'base64');
  if ('array' in value) {
    const array = value.array as { data?: { value?: unknown[] } | string } | string;
    const data = typeof array === 'object' ? array.data : undefined;
    return (typeof data === 'object' ? (data.value ?? []) : []).map(decodeValue);
  }
  if ('struct' in value) {
    const struct = value.struct as { member?: { name: string; value: unknown }[] } | string;
    const members = typeof struct === 'object' ? (struct.member ?? []) : [];
    return Object.fromEntries(members.map((member) => [String(member.name), decodeValue(member.value)]));
  }
  return '';
}

/** The single result of a `<methodResponse>`; a fault is thrown as XmlRpcFault. */
export function xmlRpcResult(xml: string): XmlRpcValue {
  const document = parser.parse(xml) as {
    methodResponse?: { params?: { param?: { value?: unknown } }; fault?: { value?: unknown } };
  };
  const response = document.methodResponse;
  if (!response) throw new Error('Aria2 did not answer with an XML-RPC response');
  if (response.fault) {
    const fault = decodeValue(response.fault.value) as { faultCode?: number; faultString?: string };
    throw new XmlRpcFault(Number(fault.faultCode ?? 0), String(fault.faultString ?? ''));
  }
  return decodeValue(response.params?.param?.value);
}
