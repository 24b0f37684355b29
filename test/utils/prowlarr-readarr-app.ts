import type request from 'supertest';

/** One indexer as Prowlarr manages it (what its "Readarr" application pushes). */
export interface ProwlarrManagedIndexer {
  id: number;
  name: string;
  protocol: 'usenet' | 'torrent';
  priority: number;
  categories: number[];
  enableRss?: boolean;
  enableAutomaticSearch?: boolean;
  enableInteractiveSearch?: boolean;
  minimumSeeders?: number;
  seedRatio?: number | null;
}

interface WireField {
  name: string;
  value?: unknown;
}

interface WireIndexer {
  id?: number;
  name: string;
  enableRss: boolean;
  enableAutomaticSearch: boolean;
  enableInteractiveSearch: boolean;
  priority: number;
  implementation: string;
  configContract: string;
  tags: number[];
  fields: WireField[];
}

export interface ProwlarrCall {
  method: string;
  path: string;
  status: number;
}

class RemoteError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(`HTTP ${status}`);
  }
}

const SCHEMA_TTL_MS = 7 * 24 * 3600_000;
const TORRENT_FIELDS = [
  'minimumSeeders',
  'seedCriteria.seedRatio',
  'seedCriteria.seedTime',
  'seedCriteria.discographySeedTime',
  'rejectBlocklistedTorrentHashesWhileGrabbing',
];
const NO_RESULTS = 'Query successful, but no results in the configured categories were returned from your indexer.';

/**
 * Replays Prowlarr's "Readarr" application against a Readarr-compatible server: the calls, headers, mapping rules,
 * forceSave retries and difference check Prowlarr applies, so a spec can see what a real sync would leave behind.
 */
export class ProwlarrReadarrApp {
  /** Prowlarr's indexer id → the remote indexer id (Prowlarr's AppIndexerMap table). */
  readonly mappings = new Map<number, number>();
  readonly calls: ProwlarrCall[] = [];
  private schema?: { at: number; items: WireIndexer[] };

  constructor(
    private readonly http: () => ReturnType<typeof request>,
    readonly settings: { baseUrl: string; apiKey: string; prowlarrUrl: string; prowlarrApiKey: string },
    private readonly now: () => number = Date.now,
  ) {}

  /** Prowlarr's Test button: status, then a test indexer with id 0; its answers mapped to Prowlarr's messages. */
  async test(): Promise<string[]> {
    try {
      await this.call('GET', '/api/v1/system/status');
      const body = this.build(
        { id: 0, name: 'Test', protocol: 'usenet', priority: 25, categories: [] },
        await this.template('usenet'),
      );
      body.fields = body.fields.map((field) =>
        field.name === 'categories' ? { ...field, value: ALL_BOOK_CATEGORIES } : field,
      );
      await this.call('POST', '/api/v1/indexer/test', body);
      return [];
    } catch (error) {
      if (!(error instanceof RemoteError)) throw error;
      if (error.status === 400 && error.text.includes(NO_RESULTS)) return [];
      if (error.status === 401) return ['API Key is invalid'];
      if (error.status === 400) return ['Prowlarr URL is invalid, Readarr cannot connect to Prowlarr'];
      if (error.status >= 300 && error.status < 400)
        return ['Readarr returned redirect and is invalid. Check Readarr URL or are you missing a URL base?'];
      return [`Unable to complete application test: HTTP ${error.status}`];
    }
  }

  /** A full sync: discovers mappings once, adds, updates on difference, re-adds the vanished, removes the gone. */
  async sync(indexers: ProwlarrManagedIndexer[]): Promise<void> {
    if (this.mappings.size === 0) await this.discoverMappings();
    for (const indexer of indexers) {
      const remoteId = this.mappings.get(indexer.id);
      if (remoteId === undefined) await this.add(indexer);
      else await this.update(indexer, remoteId);
    }
    const wanted = new Set(indexers.map((indexer) => indexer.id));
    for (const [prowlarrId, remoteId] of [...this.mappings]) {
      if (wanted.has(prowlarrId)) continue;
      await this.call('DELETE', `/api/v1/indexer/${remoteId}`);
      this.mappings.delete(prowlarrId);
    }
  }

  /**
   * Prowlarr keeps a remote indexer that points at its URL or carries its key, and reads its own indexer id
   * from the trailing `/{id}/` of the base URL.
   */
  private async discoverMappings(): Promise<void> {
    const remote = (await this.call('GET', '/api/v1/indexer')) as WireIndexer[];
    const prowlarrUrl = this.settings.prowlarrUrl.replace(/\/+$/, '');
    for (const indexer of remote) {
      if (indexer.implementation !== 'Newznab' && indexer.implementation !== 'Torznab') continue;
      const baseUrl = fieldValue(indexer, 'baseUrl');
      if (typeof baseUrl !== 'string') continue;
      if (!baseUrl.startsWith(prowlarrUrl) && fieldValue(indexer, 'apiKey') !== this.settings.prowlarrApiKey) continue;
      const id = baseUrl.match(/\/(\d+)\/?$/)?.[1];
      if (id && indexer.id !== undefined) this.mappings.set(Number(id), indexer.id);
    }
  }

  private async add(indexer: ProwlarrManagedIndexer): Promise<void> {
    const body = this.build(indexer, await this.template(indexer.protocol));
    const created = (await this.withForceSave('POST', '/api/v1/indexer', body)) as WireIndexer;
    this.mappings.set(indexer.id, created.id!);
  }

  private async update(indexer: ProwlarrManagedIndexer, remoteId: number): Promise<void> {
    let remote: WireIndexer;
    try {
      remote = (await this.call('GET', `/api/v1/indexer/${remoteId}`)) as WireIndexer;
    } catch (error) {
      if (!(error instanceof RemoteError) || error.status !== 404) throw error;
      this.mappings.delete(indexer.id);
      return this.add(indexer);
    }
    const wanted = { ...this.build(indexer, await this.template(indexer.protocol)), id: remoteId };
    if (sameIndexer(remote, wanted)) return;
    await this.withForceSave('PUT', `/api/v1/indexer/${remoteId}`, wanted);
  }

  private build(indexer: ProwlarrManagedIndexer, template: WireIndexer): WireIndexer {
    const values: Record<string, unknown> = {
      baseUrl: `${this.settings.prowlarrUrl.replace(/\/+$/, '')}/${indexer.id}/`,
      apiPath: '/api',
      apiKey: this.settings.prowlarrApiKey,
      categories: indexer.categories,
    };
    if (indexer.protocol === 'torrent') {
      values.minimumSeeders = indexer.minimumSeeders ?? 1;
      values['seedCriteria.seedRatio'] = indexer.seedRatio ?? null;
      values['seedCriteria.seedTime'] = null;
      values['seedCriteria.discographySeedTime'] = null;
      values.rejectBlocklistedTorrentHashesWhileGrabbing = false;
    }
    const synced = Object.keys(values);
    return {
      name: indexer.id === 0 ? indexer.name : `${indexer.name} (Prowlarr)`,
      enableRss: indexer.enableRss ?? true,
      enableAutomaticSearch: indexer.enableAutomaticSearch ?? true,
      enableInteractiveSearch: indexer.enableInteractiveSearch ?? true,
      priority: indexer.priority,
      implementation: template.implementation,
      configContract: template.configContract,
      tags: [],
      fields: template.fields
        .filter((field) => synced.includes(field.name))
        .map((field) => ({ name: field.name, value: values[field.name] })),
    };
  }

  /** The schema, fetched once and kept seven days as Prowlarr does. */
  private async template(protocol: 'usenet' | 'torrent'): Promise<WireIndexer> {
    if (!this.schema || this.now() - this.schema.at > SCHEMA_TTL_MS)
      this.schema = { at: this.now(), items: (await this.call('GET', '/api/v1/indexer/schema')) as WireIndexer[] };
    const implementation = protocol === 'usenet' ? 'Newznab' : 'Torznab';
    const template = this.schema.items.find((item) => item.implementation === implementation);
    if (!template) throw new Error(`schema has no ${implementation}`);
    return template;
  }

  private async withForceSave(method: 'POST' | 'PUT', path: string, body: WireIndexer): Promise<unknown> {
    try {
      return await this.call(method, path, body);
    } catch (error) {
      if (!(error instanceof RemoteError) || error.status !== 400) throw error;
      return this.call(method, `${path}?forceSave=true`, body);
    }
  }

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const agent = this.http();
    const url = `${this.settings.baseUrl}${path}`;
    let pending =
      method === 'GET'
        ? agent.get(url)
        : method === 'POST'
          ? agent.post(url)
          : method === 'PUT'
            ? agent.put(url)
            : agent.delete(url);
    pending = pending
      .set('X-Api-Key', this.settings.apiKey)
      .set('Accept', 'application/json')
      .set('Content-Type', 'application/json');
    const response = body === undefined ? await pending : await pending.send(body as object);
    this.calls.push({ method, path, status: response.status });
    if (response.status >= 300) throw new RemoteError(response.status, response.text);
    return response.body;
  }
}

const ALL_BOOK_CATEGORIES = [3030, 7000, 7010, 7020, 7030, 7040, 7050, 7060];

function fieldValue(indexer: WireIndexer, name: string): unknown {
  return indexer.fields.find((field) => field.name === name)?.value;
}

/** Prowlarr's difference check: flags, name, implementation, priority, id and the synced fields; a masked key is equal. */
function sameIndexer(remote: WireIndexer, wanted: WireIndexer): boolean {
  const scalar = [
    'enableRss',
    'enableAutomaticSearch',
    'enableInteractiveSearch',
    'name',
    'implementation',
    'priority',
    'id',
  ] as const;
  if (scalar.some((key) => remote[key] !== wanted[key])) return false;
  return wanted.fields.every((field) => {
    const theirs = fieldValue(remote, field.name);
    if (field.name === 'apiKey' && theirs === '********') return true;
    if (TORRENT_FIELDS.includes(field.name) && (theirs ?? null) === (field.value ?? null)) return true;
    return JSON.stringify(theirs ?? null) === JSON.stringify(field.value ?? null);
  });
}
