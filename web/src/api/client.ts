import type { components } from './schema';

export type Schemas = components['schemas'];
export type Author = Schemas['AuthorResource'];
export type Book = Schemas['BookResource'];
export type BookFile = Schemas['BookFileResource'];
export type Edition = Schemas['EditionResource'];
export type QualityProfile = Schemas['QualityProfileResource'];
export type MetadataProfile = Schemas['MetadataProfileResource'];
export type RootFolder = Schemas['RootFolderResource'];
export type Tag = Schemas['TagResource'];
export type CustomFilter = Schemas['CustomFilterResource'];
export type Release = Schemas['ReleaseResource'];
export type Command = Schemas['CommandResource'];
export type History = Schemas['HistoryResource'];
export type NotificationConnection = Schemas['NotificationResource'];
export type DelayProfile = Schemas['DelayProfileResource'];
export type ReleaseProfile = Schemas['ReleaseProfileResource'];
export type QualityDefinition = Schemas['QualityDefinitionResource'];

/** What `/initialize.json` answers: the key and the API root every later call uses. */
export type InitializeConfig = Schemas['InitializeResource'];

/** Readarr's validation failure, as a 400 answers it. */
export interface ValidationFailure {
  propertyName: string;
  errorMessage: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly failures: ValidationFailure[] = [],
  ) {
    super(message);
  }
}

declare global {
  interface Window {
    /** Written by index.html's inline script (src/web-ui/early-requests.ts). */
    Quire?: {
      urlBase: string;
      initialize?: Promise<Response | undefined>;
      early?: Record<string, Promise<Response | undefined> | undefined>;
    };
  }
}

/** The URL base the server wrote into index.html ('' at the root). */
export const urlBase = (): string => window.Quire?.urlBase ?? '';

let config: InitializeConfig | undefined;

export function setConfig(next: InitializeConfig | undefined): void {
  config = next;
}

export function currentConfig(): InitializeConfig {
  if (!config) throw new Error('Not initialised');
  return config;
}

type QueryValue = string | number | boolean | undefined | null | (string | number)[];

export function buildQuery(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readError(response: Response): Promise<ApiError> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as unknown;
    if (Array.isArray(body)) {
      const failures = body as ValidationFailure[];
      return new ApiError(response.status, failures.map((f) => f.errorMessage).join('; '), failures);
    }
    const message = (body as { message?: string }).message;
    return new ApiError(response.status, message ?? response.statusText);
  } catch {
    return new ApiError(response.status, text || response.statusText);
  }
}

/**
 * One call to `/api/v1` with the key from `/initialize.json`; `outsideApi` calls a path under the URL base instead
 * (the notification hub's `/notify`, `/notifications`, `/health/channels`), `headers` adds to the key.
 */
export async function api<T>(
  path: string,
  options: {
    method?: string;
    body?: unknown;
    query?: Record<string, QueryValue>;
    signal?: AbortSignal;
    outsideApi?: boolean;
    headers?: Record<string, string>;
  } = {},
): Promise<T> {
  const { apiRoot, apiKey } = currentConfig();
  const root = options.outsideApi ? urlBase() : apiRoot;
  const early =
    (options.method ?? 'GET') !== 'GET' || options.outsideApi ? undefined : await takeEarlyAnswer(path, options.query);
  const response =
    early ??
    (await fetch(`${root}/${path.replace(/^\//, '')}${buildQuery(options.query)}`, {
      method: options.method ?? 'GET',
      headers: {
        'X-Api-Key': apiKey,
        Accept: 'application/json',
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    }));
  if (!response.ok) throw await readError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Readarr's one-or-many routes: `path/{id}` for one id, `path/bulk` with `{ids}` for several. */
export function apiForIds(
  path: string,
  ids: number[],
  options: { method: string; query?: Record<string, QueryValue> },
): Promise<void> {
  if (ids.length === 1) return api(`${path}/${ids[0]}`, options);
  return api(`${path}/bulk`, { ...options, body: { ids } });
}

/** A multipart upload to `/api/v1` (e.g. a readarr.db for the migration), with the key. */
export async function apiUpload<T>(
  path: string,
  fields: Record<string, Blob>,
  query: Record<string, QueryValue> = {},
): Promise<T> {
  const { apiRoot, apiKey } = currentConfig();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${apiRoot}/${path.replace(/^\//, '')}${buildQuery(query)}`, {
    method: 'POST',
    headers: { 'X-Api-Key': apiKey, Accept: 'application/json' },
    body: form,
  });
  if (!response.ok) throw await readError(response);
  return (await response.json()) as T;
}

/** Past this age (ms since the page loaded) an early answer left unused is no longer the first screen's: dropped. */
const EARLY_ANSWER_MAX_AGE_MS = 10_000;

/** An API answer index.html's script asked for before the app loaded, used once and only when it is OK. */
async function takeEarlyAnswer(path: string, query?: Record<string, QueryValue>): Promise<Response | undefined> {
  if (window.Quire && performance.now() > EARLY_ANSWER_MAX_AGE_MS) window.Quire.early = undefined;
  const requests = window.Quire?.early;
  const key = `${path.replace(/^\//, '')}${buildQuery(query)}`;
  const request = requests?.[key];
  if (!requests || !request) return undefined;
  requests[key] = undefined;
  const response = await request.catch(() => undefined);
  return response?.ok ? response : undefined;
}

/** The answer index.html asked for before the scripts loaded (spa-middleware.ts), used once. */
function takeEarlyInitialize(): Promise<Response | undefined> | undefined {
  const early = window.Quire?.initialize;
  if (window.Quire) window.Quire.initialize = undefined;
  return early;
}

/** `/initialize.json`: the config, or why not (401 = sign in, with `firstRun` when no login exists yet). */
export async function fetchInitialize(): Promise<InitializeConfig> {
  const response =
    (await takeEarlyInitialize()) ?? (await fetch(`${urlBase()}/initialize.json`, { credentials: 'same-origin' }));
  if (!response.ok) throw await readError(response);
  return (await response.json()) as InitializeConfig;
}

/** Forms sign-in: POST /login asking for JSON, which answers with the session cookie. */
export async function signIn(username: string, password: string, rememberMe: boolean): Promise<void> {
  const body = new URLSearchParams({ username, password, rememberMe: rememberMe ? 'on' : 'off' });
  const response = await fetch(`${urlBase()}/login`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
    credentials: 'same-origin',
    redirect: 'manual',
  });
  if (response.type === 'opaqueredirect' || response.ok) {
    await response.text(); // read to the end, so a reload right after does not abort it
    return;
  }
  throw await readError(response);
}

export async function signOut(): Promise<void> {
  await fetch(`${urlBase()}/logout`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
}

/**
 * A cover's URL: Quire's own (/MediaCover) in the size asked for (`-250` poster, `-500` large; the server falls back
 * to the full size), or a remote one (metadata search results) unchanged.
 */
export function coverUrl(
  images: { coverType?: string; url?: string | null; remoteUrl?: string | null }[] | undefined | null,
  type: string,
  size: 250 | 500 | undefined,
  base: string,
): string | undefined {
  const image = images?.find((candidate) => candidate.coverType === type) ?? images?.[0];
  const url = image?.url ?? image?.remoteUrl ?? undefined;
  if (!url || !size || !url.startsWith(`${base}/MediaCover/`)) return url;
  return url.replace(/(\.[a-z0-9]+)(\?|$)/i, `-${size}$1$2`);
}
