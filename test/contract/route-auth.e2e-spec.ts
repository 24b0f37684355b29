import { createTestApp, TestApp } from '../utils/create-test-app';

/**
 * Every route is either behind the API key or on this explicit list. A new public route must be
 * added here on purpose; anything else that answers without a key fails the test.
 */
const PUBLIC_ROUTES = new Set([
  'GET /api',
  'GET /ping',
  'HEAD /ping',
  'GET /login',
  'POST /login',
  'GET /logout',
  'GET /health',
  'GET /metrics',
  'POST /notify',
  // The web UI's start: it checks the session or key itself, and answers without them only to a local caller before
  // any login exists (first run); test/e2e/web-ui.e2e-spec.ts covers the 401 once a login exists.
  'GET /initialize.json',
]);

/** The Swagger UI page and its assets (`/docs`, `/docs-json`, `/docs-yaml`, `/docs/*`) are public. */
function isDocsPage(path: string): boolean {
  return /^\/docs(-json|-yaml)?(\/|$)/.test(path);
}

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

function registeredRoutes(t: TestApp): { method: string; path: string }[] {
  const express = t.app.getHttpAdapter().getInstance() as {
    router?: { stack: ExpressLayer[] };
    _router?: { stack: ExpressLayer[] };
  };
  const stack = (express.router ?? express._router)?.stack ?? [];
  const routes: { method: string; path: string }[] = [];
  for (const layer of stack) {
    // Middleware mounted for every method (nestjs-pino's request logger) is not an endpoint.
    if (!layer.route || layer.route.methods._all || Object.keys(layer.route.methods).length > 8) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const path of paths) {
      for (const method of Object.keys(layer.route.methods)) {
        routes.push({ method: method.toUpperCase(), path });
      }
    }
  }
  return routes;
}

/** A concrete URL for a route pattern: parameters become 1 (or a harmless file name). */
function concretePath(pattern: string): string {
  return pattern
    .replace(/\{\/:?[^}]*\}/g, '')
    .replace(/:([A-Za-z_]+)\*?/g, (_match, name: string) => (/file|name/i.test(name) ? 'x.txt' : '1'));
}

describe('every route is behind the API key unless explicitly public', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    // With authentication `none` covers and downloads are open (as in Readarr; browser-session.e2e-spec.ts):
    // walk the routes with forms authentication on, where nothing but the public list answers without a key.
    await t.api
      .put('/api/v1/config/host')
      .send({
        authenticationMethod: 'forms',
        username: 'walker',
        password: 'pw-123456',
        passwordConfirmation: 'pw-123456',
      })
      .expect(200);
  });
  afterAll(() => t.close());

  it('finds the routes', () => {
    expect(registeredRoutes(t).length).toBeGreaterThan(10);
  });

  it('answers 401 without a key on every non-public route', async () => {
    const offenders: string[] = [];
    for (const route of registeredRoutes(t)) {
      const label = `${route.method} ${route.path}`;
      if (PUBLIC_ROUTES.has(label) || isDocsPage(route.path)) continue;
      if (process.env.DEBUG_ROUTES) console.log(label);
      const call = t.anonymous()[route.method.toLowerCase() as 'get'](concretePath(route.path));
      const response = await call.set('Accept', 'application/json');
      if (response.status !== 401) offenders.push(`${label} → ${response.status}`);
    }
    expect(offenders).toEqual([]);
  });

  it('every explicitly public route exists and answers without a key', async () => {
    const labels = new Set(registeredRoutes(t).map((route) => `${route.method} ${route.path}`));
    for (const label of ['GET /api', 'GET /ping', 'GET /login', 'GET /metrics']) {
      expect(labels).toContain(label);
      const [method, path] = label.split(' ');
      const response = await t.anonymous()[method.toLowerCase() as 'get'](path);
      expect(response.status).toBe(200);
    }
  });
});
