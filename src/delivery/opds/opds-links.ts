/**
 * Builds the catalog's hrefs: under URL_BASE, and carrying `apikey` when the client authenticated with it in
 * the query (an e-reader app that was given `…/opds?apikey=…` follows links without adding it again).
 */
export class OpdsLinks {
  constructor(
    private readonly urlBase: string,
    private readonly apiKey?: string,
  ) {}

  /** `path` relative to `/opds` ('' for the root). */
  href(path: string, query: Record<string, string | number | undefined> = {}): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    if (this.apiKey) params.set('apikey', this.apiKey);
    const search = params.toString();
    return `${this.urlBase}/opds${path ? `/${path}` : ''}${search ? `?${search}` : ''}`;
  }

  /** The OpenSearch template: `{searchTerms}` must stay unescaped. */
  searchTemplate(): string {
    return this.href('search', { q: '__TERMS__' }).replace('__TERMS__', '{searchTerms}');
  }
}
