import { wireJsonReplacer } from '../../platform/common/wire/json-replacer';

/** The SignalR JSON hub protocol (version 1): JSON texts, each ended by the ASCII record separator. */
export const RECORD_SEPARATOR = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface HubMessage {
  type: number;
  invocationId?: string;
  target?: string;
  arguments?: unknown[];
  error?: string;
  allowReconnect?: boolean;
}

/** One frame on the wire; resources are written with the same JSON conventions as the REST answers. */
export function frame(message: object): string {
  return JSON.stringify(message, wireJsonReplacer) + RECORD_SEPARATOR;
}

/**
 * Splits buffered input into complete records; the remainder (a record not yet ended) is returned for the
 * next chunk. Empty records are skipped.
 */
export function splitRecords(buffer: string): { records: string[]; rest: string } {
  const parts = buffer.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts.filter((part) => part.length > 0), rest };
}

/** The client's first record: `{"protocol":"json","version":1}`. Returns an error text when it cannot be served. */
export function checkHandshake(record: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(record);
  } catch {
    return 'Handshake request is not valid JSON.';
  }
  const request = parsed as { protocol?: unknown; version?: unknown };
  if (!parsed || typeof parsed !== 'object' || typeof request.protocol !== 'string')
    return 'Handshake request is missing the protocol.';
  if (request.protocol !== 'json') return `The protocol '${request.protocol}' is not supported.`;
  if (request.version !== 1)
    return `The server does not support version ${String(request.version)} of the 'json' protocol.`;
  return undefined;
}

/** A hub message from the client, or undefined when the record is not one. */
export function parseMessage(record: string): HubMessage | undefined {
  try {
    const parsed: unknown = JSON.parse(record);
    if (!parsed || typeof parsed !== 'object' || typeof (parsed as HubMessage).type !== 'number') return undefined;
    return parsed as HubMessage;
  } catch {
    return undefined;
  }
}
