import compression from 'compression';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { firstSegment, pathBelowUrlBase } from '../../platform/common/http/url-base-path';
import { earlyRequestsScript } from './early-requests';

/** First path segments that belong to the server; everything else under the URL base is the single-page app. */
export const SERVER_SEGMENTS = new Set(
  [
    'api',
    'feed',
    'docs',
    'docs-json',
    'signalr',
    'login',
    'logout',
    'ping',
    'notify',
    'health',
    'metrics',
    'notifications',
    'mediacover',
    'initialize.json',
    'opds',
  ].map((segment) => segment.toLowerCase()),
);

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** The built UI: next to the compiled server (dist/web) or, when the server runs from source (tests), in dist/web. */
export function findWebRoot(serverDir: string, cwd: string): string | undefined {
  return [join(serverDir, '..', '..', 'web'), join(cwd, 'dist', 'web')].find((dir) =>
    existsSync(join(dir, 'index.html')),
  );
}

/** Whether index.html may be sent; when not, the gate has already put its challenge on the response. */
export type PageGate = (request: Request) => Promise<boolean>;

/** Whether `/initialize.json` would refuse this visitor (the page then opens on the sign-in form without asking). */
export type SignedOut = (request: Request) => Promise<boolean>;

/**
 * Serves the SPA under the URL base: hashed files under assets/ cached for a year, index.html never cached and given
 * for every other GET that asks for HTML and is not a server route, so client routes survive a reload. index.html
 * goes only where `pageGate` lets it (a 401 otherwise); the assets are the same build for everyone and hold nothing
 * of this installation.
 */
export function spaMiddleware(
  webRoot: string,
  urlBase: string,
  pageGate: PageGate = async () => true,
  signedOut: SignedOut = async () => false,
): RequestHandler {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const page = (refused: boolean) =>
    html.replace(
      '<head>',
      `<head>\n    <base href="${urlBase}/" />\n    <script>${earlyRequestsScript(urlBase, refused)}</script>`,
    );
  const indexHtml = page(false);
  const signInHtml = page(true);
  const precompressed = new Set(existsSync(join(webRoot, 'assets')) ? readdirSync(join(webRoot, 'assets')) : []);
  // index.html is small and per-URL-base; anything not precompressed at build time is compressed on the fly.
  const compress = compression();
  const assets = express.static(webRoot, {
    index: false,
    fallthrough: true,
    setHeaders: (response, path) => {
      const hashed = path.includes(`${join('assets', '')}`);
      response.setHeader('Cache-Control', hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
    },
  });
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const path = pathBelowUrlBase(request.path, urlBase);
    const segment = firstSegment(path);
    if (SERVER_SEGMENTS.has(segment)) return next();
    compress(request, response, () => {
      const sendIndex = () => {
        if (!request.accepts('html')) return next();
        Promise.all([pageGate(request), signedOut(request)]).then(([allowed, refused]) => {
          response.setHeader('Cache-Control', 'no-cache');
          if (allowed) response.type('html').send(refused ? signInHtml : indexHtml);
          else response.status(401).type('text').send('Unauthorized');
        }, next);
      };
      if (path === '/' || path === '' || path === '/index.html') return sendIndex();
      if (segment === 'assets' && sendPrecompressed(request, response, webRoot, path, precompressed)) return;
      request.url = path + (request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '');
      assets(request, response, () => (segment === 'assets' ? next() : sendIndex()));
    });
  };
}

/** A hashed asset as written by the build's precompress step (.br, else .gz) when the client accepts it. */
function sendPrecompressed(request: Request, response: Response, webRoot: string, path: string, files: Set<string>) {
  const name = path.slice('/assets/'.length);
  if (name.includes('/') || !files.has(name)) return false;
  const encoding = request.acceptsEncodings('br', 'gzip');
  const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : undefined;
  if (!suffix || !files.has(name + suffix)) return false;
  response.setHeader('Content-Encoding', encoding as string);
  response.setHeader('Vary', 'Accept-Encoding');
  response.setHeader('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
  response.type(extname(name));
  response.sendFile(join(webRoot, 'assets', name + suffix));
  return true;
}
