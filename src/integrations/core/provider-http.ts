import { describeOutgoingError, outgoingFetch } from '../../platform/outgoing-http/outgoing-http';

/** Minimal HTTP for providers: the outgoing fetch (proxy, certificates) with a deadline, secrets kept out of errors. */
export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
  bytes: Buffer;
}

export interface HttpOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer | FormData | URLSearchParams;
  timeoutMs?: number;
}

export class HttpRequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Hides credentials that ride in URLs (`apikey=`, `ma_password=`, user:pass@). */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:apikey|api_key|ma_password|password|pass|token|key)=)[^&#]*/gi, '$1(removed)')
    .replace(/\/\/[^/@\s]+@/, '//(removed)@');
}

export async function httpRequest(url: string, options: HttpOptions = {}): Promise<HttpResponse> {
  let response: Response;
  try {
    response = await outgoingFetch(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body as BodyInit | undefined,
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
  } catch (error) {
    const reason = describeOutgoingError(error);
    throw new HttpRequestError(`${options.method ?? 'GET'} ${redactUrl(url)} failed: ${reason}`);
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, text: bytes.toString('utf8'), bytes };
}

/** `http(s)://host:port/urlBase` from the host/port/useSsl/urlBase settings every download client has. */
export function clientBaseUrl(settings: {
  host: string;
  port: number;
  useSsl: boolean;
  urlBase?: string | null;
}): string {
  const base = (settings.urlBase ?? '').trim().replace(/^\/*/, '').replace(/\/*$/, '');
  return `${settings.useSsl ? 'https' : 'http'}://${settings.host}:${settings.port}${base ? `/${base}` : ''}`;
}
