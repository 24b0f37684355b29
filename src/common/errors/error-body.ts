import { QueryFailedError } from 'typeorm';
import { DomainError, ValidationError } from './domain-errors';

export interface ErrorResponse {
  status: number;
  body: unknown;
  /** Unexpected errors are logged by the caller; expected ones are not. */
  unexpected?: boolean;
}

const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';

/** Maps any thrown value to Readarr's status code and body (reference §3). */
export function toErrorResponse(error: unknown, exposeDetails: boolean): ErrorResponse {
  if (error instanceof ValidationError) return { status: 400, body: error.failures };
  if (error instanceof DomainError) return { status: error.status, body: { message: error.message } };

  if (error instanceof QueryFailedError) {
    const code = (error.driverError as { code?: string } | undefined)?.code;
    if (code === PG_UNIQUE_VIOLATION) return { status: 409, body: { message: uniqueMessage(error) } };
    if (code === PG_FOREIGN_KEY_VIOLATION)
      return { status: 409, body: { message: 'The record is still in use by or refers to another record' } };
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
