import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import { firstSegment, pathBelowUrlBase } from './url-base-path';

/** First path segments whose answers are compressed: the API and the feeds, not the SignalR hub's streams. */
const COMPRESSED_SEGMENTS = new Set(['api', 'feed', 'opds', 'initialize.json']);

/**
 * gzip/brotli for API answers when the client asks for it (as Readarr's own server does): a library's JSON lists
 * shrink about tenfold, which is most of what a browser on a slow link waits for. Compression runs on libuv's
 * thread pool, so the event loop only hands chunks over. Clients that send no Accept-Encoding get identity bodies.
 */
export function compressAnswers(urlBase: string): RequestHandler {
  const compress = compression({ threshold: 1024 });
  return (request: Request, response: Response, next) => {
    if (!COMPRESSED_SEGMENTS.has(firstSegment(pathBelowUrlBase(request.path, urlBase)))) return next();
    compress(request, response, next);
  };
}
