import type { Dispatcher } from 'undici';
import { CertificateValidationError } from './certificate-policy';
import { buildOutgoingDispatcher } from './outgoing-dispatcher';
import { DIRECT_VALIDATED } from './outgoing-http-settings';
import { PROXY_AUTHENTICATION_FAILED, ProxyError } from './proxy-tunnel';

/**
 * The dispatcher every outgoing request of Quire uses. Module state because providers and channels are plain
 * classes and functions, not Nest providers; `OutgoingHttpService` replaces it whenever the host config changes.
 * Until then (and outside the app: CLI, unit tests) requests go direct with certificates validated.
 */
let current: Dispatcher = buildOutgoingDispatcher(DIRECT_VALIDATED);

export function outgoingDispatcher(): Dispatcher {
  return current;
}

/** Swaps the dispatcher; requests already under way finish on the old one, which is then closed. */
export function installOutgoingDispatcher(next: Dispatcher): void {
  const previous = current;
  current = next;
  void previous.close().catch(() => undefined);
}

/** `fetch` through the outgoing dispatcher (the global fetch, which also takes the platform's `FormData`). */
export function outgoingFetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, dispatcher: current } as RequestInit);
}

/**
 * Why an outgoing request failed, for messages and logs: the proxy's and the certificate check's own words, a
 * network code (`ECONNREFUSED`) otherwise. Never the proxy's credentials: no error here carries them.
 */
export function describeOutgoingError(error: unknown): string {
  type Failure = { name?: string; message?: string; code?: string; cause?: Failure } | undefined;
  const candidate = error as Failure;
  const cause = candidate?.cause;
  for (const inner of [cause, candidate]) {
    if (inner instanceof ProxyError || inner instanceof CertificateValidationError) return inner.message;
    if (inner?.message?.includes('Proxy Authentication Required (407)')) return PROXY_AUTHENTICATION_FAILED;
  }
  if (candidate?.name === 'TimeoutError' || candidate?.name === 'AbortError' || cause?.name === 'TimeoutError')
    return 'timed out';
  return cause?.code ?? cause?.message ?? candidate?.code ?? candidate?.message ?? String(error);
}
