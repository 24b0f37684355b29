import { HttpRequestError, httpRequest, redactUrl } from '../core/provider-http';
import { NewznabApiError, NewznabCaps, parseCaps, parseItems, ParsedItem } from './newznab-parser';
import { NewznabSettings } from './newznab.settings';

const CAPS_TTL_MS = 10 * 60_000;

/** Talks the Newznab/Torznab API of one indexer: caps (cached), searches, paging. */
export class NewznabApi {
  private readonly capsCache = new Map<string, { caps: NewznabCaps; expires: number }>();

  /** Every call carries the key, `t=caps` included: Prowlarr's per-indexer endpoints refuse caps without it. */
  apiUrl(settings: NewznabSettings, params: Record<string, string | number | undefined>): string {
    const base = settings.baseUrl.trim().replace(/\/+$/, '');
    const path = settings.apiPath?.trim() ? `/${settings.apiPath.trim().replace(/^\/+/, '')}` : '/api';
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params))
      if (value !== undefined && value !== '') query.set(key, String(value));
    if (settings.apiKey) query.set('apikey', settings.apiKey);
    const extra = settings.additionalParameters?.trim() ?? '';
    return `${base}${path}?${query.toString()}${extra ? (extra.startsWith('&') ? extra : `&${extra}`) : ''}`;
  }

  async get(url: string): Promise<string> {
    const response = await httpRequest(url, { headers: { Accept: 'application/rss+xml, application/xml, text/xml' } });
    if (response.status === 429) throw new HttpRequestError(`Indexer rate limit reached (${redactUrl(url)})`, 429);
    // Prowlarr and some Newznab servers answer a refused key with 401/403 and the error document as the body.
    if ((response.status === 401 || response.status === 403) && /<error\b/i.test(response.text))
      parseCaps(response.text);
    if (response.status === 401 || response.status === 403)
      throw new NewznabApiError(100, `Indexer refused the API key (HTTP ${response.status})`);
    if (response.status >= 400)
      throw new HttpRequestError(`Indexer answered HTTP ${response.status} for ${redactUrl(url)}`, response.status);
    return response.text;
  }

  /** Cached per base URL, path and key (a refused key must not leave caps read with another key in the cache). */
  async caps(settings: NewznabSettings, fresh = false): Promise<NewznabCaps> {
    const key = `${settings.baseUrl}|${settings.apiPath}|${settings.apiKey}`;
    const cached = this.capsCache.get(key);
    if (!fresh && cached && cached.expires > Date.now()) return cached.caps;
    const caps = parseCaps(await this.get(this.apiUrl(settings, { t: 'caps' })));
    this.capsCache.set(key, { caps, expires: Date.now() + CAPS_TTL_MS });
    return caps;
  }

  /** Pages with offset/limit and stops on a short page or after `maxPages`. */
  async fetchPages(
    settings: NewznabSettings,
    params: Record<string, string | number | undefined>,
    pageSize: number,
    maxPages: number,
  ): Promise<ParsedItem[]> {
    const items: ParsedItem[] = [];
    for (let page = 0; page < maxPages; page++) {
      const url = this.apiUrl(settings, { ...params, extended: 1, offset: page * pageSize, limit: pageSize });
      const batch = parseItems(await this.get(url));
      items.push(...batch);
      if (batch.length < pageSize) break;
    }
    return items;
  }
}
