import type { NextFunction, Request, Response } from 'express';
import { QUIRE_VERSION, READARR_COMPATIBLE_VERSION } from '../app-info';

/**
 * Express-level conventions of Readarr's API: the version headers on /api responses (Readarr's, and Quire's own),
 * open CORS on /api/v1, a 307 to the URL base for requests that arrive without it, and 200 for
 * every success (Nest's 201 for POST and any 202 or 204 become 200, which every Readarr client accepts).
 */
export function httpConventions(urlBase: string) {
  const apiPrefix = `${urlBase}/api`.toLowerCase();
  const corsPrefix = `${urlBase}/api/v1`.toLowerCase();
  return (request: Request, response: Response, next: NextFunction) => {
    const setStatus = response.status.bind(response);
    response.status = (code: number) => setStatus(code === 201 || code === 202 || code === 204 ? 200 : code);
    const path = request.path.toLowerCase();
    if (urlBase && !path.startsWith(urlBase.toLowerCase() + '/') && path !== urlBase.toLowerCase()) {
      response.redirect(307, `${urlBase}${request.originalUrl}`);
      return;
    }
    if (path.startsWith(apiPrefix)) {
      response.setHeader('X-Application-Version', READARR_COMPATIBLE_VERSION);
      response.setHeader('X-Quire-Version', QUIRE_VERSION);
      response.setHeader('Cache-Control', 'no-cache, no-store');
    }
    if (path.startsWith(corsPrefix)) {
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, PATCH, HEAD, OPTIONS');
      response.setHeader('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? '*');
      if (request.method === 'OPTIONS') {
        response.status(200).end();
        return;
      }
    }
    next();
  };
}
