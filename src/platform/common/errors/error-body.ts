import { QueryFailedError } from 'typeorm';
import { redactSecrets } from '../http/redact-secrets';
import { DomainError, failure, ValidationError } from './domain-errors';

export interface ErrorResponse {
  status: number;
  body: unknown;
  /** Unexpected errors are logged by the caller; expected ones are not. */
  unexpected?: boolean;
}

const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';

/**
 * PostgreSQL's answers to values a request should not have carried (a number beyond the column's type, text
 * with NUL, a string longer than its column or its index allows): the client's mistake, so 400, never 500 with
 * the server's text. Validation catches these first where it can; this is the net under every route.
 */
const PG_BAD_INPUT: Record<string, string> = {
  '22001': 'A value is longer than this field allows',
  '22003': 'A number is out of range for this field',
  '22021': 'Text may not contain NUL characters',
  '22P05': 'Text may not contain NUL characters',
  '22P02': 'A value has the wrong format for this field',
  '22007': 'A date or time has the wrong format',
  '22008': 'A date or time is out of range',
  '54000': 'A value is too large to be stored or indexed',
};

/** Maps any thrown value to Readarr's status code and body; credentials never reach a body. */
export function toErrorResponse(error: unknown, exposeDetails: boolean): ErrorResponse {
  const response = mapError(error, exposeDetails);
  const body = response.body as { message?: unknown; description?: unknown } | undefined;
  if (body && !Array.isArray(body)) {
    if (typeof body.message === 'string') body.message = redactSecrets(body.message);
    if (typeof body.description === 'string') body.description = redactSecrets(body.description);
  }
  return response;
}

function mapError(error: unknown, exposeDetails: boolean): ErrorResponse {
  if (error instanceof ValidationError) return { status: 400, body: error.failures };
  if (error instanceof DomainError) return { status: error.status, body: { message: error.message } };

  if (error instanceof QueryFailedError) {
    const code = (error.driverError as { code?: string } | undefined)?.code;
    if (code === PG_UNIQUE_VIOLATION) return { status: 409, body: { message: uniqueMessage(error) } };
    if (code === PG_FOREIGN_KEY_VIOLATION)
      return { status: 409, body: { message: 'The record is still in use by or refers to another record' } };
    if (code && code in PG_BAD_INPUT) {
      const column = (error.driverError as { column?: string }).column;
      return { status: 400, body: [failure(column ?? '', PG_BAD_INPUT[code], undefined, 'DatabaseValueValidator')] };
    }
  }

  const httpStatus = httpStatusOf(error);
  if (httpStatus !== undefined && httpStatus < 500) {
    if (isBodyParseError(error)) return { status: 400, body: malformedBody(error) };
    return { status: httpStatus, body: { message: messageOf(error, httpStatus) } };
  }

  const message = error instanceof Error ? error.message : 'Internal Server Error';
  const body: Record<string, unknown> = { message };
  if (exposeDetails && error instanceof Error) body.description = error.stack;
  return { status: 500, body, unexpected: true };
}

function uniqueMessage(error: QueryFailedError): string {
  const detail = (error.driverError as { detail?: string }).detail;
  return detail ? `Conflict: ${detail.replace(/^Key /, '')}` : 'Conflict: the record already exists';
}

function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as { getStatus?: () => number; status?: unknown; statusCode?: unknown };
  if (typeof candidate.getStatus === 'function') return candidate.getStatus();
  if (typeof candidate.status === 'number') return candidate.status;
  if (typeof candidate.statusCode === 'number') return candidate.statusCode;
  return undefined;
}

function messageOf(error: unknown, status: number): string {
  const response = (error as { getResponse?: () => unknown }).getResponse?.();
  if (response && typeof response === 'object' && 'message' in response) {
    const message = response.message;
    if (typeof message === 'string') return message;
    if (Array.isArray(message)) return message.join('; ');
  }
  if (error instanceof Error && error.message) return error.message;
  return `HTTP ${status}`;
}

function isBodyParseError(error: unknown): boolean {
  return (error as { type?: string }).type === 'entity.parse.failed' || error instanceof SyntaxError;
}

/** The shape ASP.NET gives Readarr clients for unreadable JSON, plus a plain `message`. */
function malformedBody(error: unknown) {
  const detail = error instanceof Error ? error.message : 'The request body is not valid JSON.';
  return {
    type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
    title: 'One or more validation errors occurred.',
    status: 400,
    message: `Malformed JSON: ${detail}`,
    errors: { $: [detail] },
  };
}
