import { FakeHttpServer, send, sendJson } from './fake-http';
import { parseMultipart } from './qbittorrent-fake';

export interface FakeSabJob {
  nzo_id: string;
  name: string;
  category: string;
  bytes: number;
  /** Megabytes still to download (the queue's `mbleft`). */
  mbLeft: number;
  nzb: string;
  /** The `priority` parameter of `addfile`, when one was sent (SABnzbd's -100 "Default" is sent as none). */
  priority?: string;
}

/** SABnzbd's API: wrong or missing key → 403 plain text; `version` needs no key; categories are lower-cased. */
export class FakeSabnzbd extends FakeHttpServer {
  readonly queue: FakeSabJob[] = [];
  readonly history: (FakeSabJob & { status: string; storage: string; fail_message: string })[] = [];
  categories = ['*', 'readarr', 'movies'];
  /** Every `name=delete` received, in order: the job, where from, and whether its files were to go too. */
  readonly deleted: { nzoId: string; from: 'queue' | 'history'; delFiles: boolean }[] = [];
  private nextId = 1;

  constructor(private readonly apiKey: string) {
    super((request, response) => {
      if (request.url.pathname !== '/api') return send(response, 404, 'Not Found');
      const query = request.url.searchParams;
      const mode = query.get('mode');
      if (mode === 'version') return sendJson(response, 200, { version: '4.3.3' });
      const key = query.get('apikey');
      if (!key) return send(response, 403, 'API Key Required');
      if (key !== this.apiKey) return send(response, 403, 'API Key Incorrect');
      switch (mode ?? '') {
        case 'get_config':
          return sendJson(response, 200, {
            config: {
              misc: { complete_dir: '/complete' },
              categories: this.categories.map((name, order) => ({ name, order, dir: '' })),
            },
          });
        case 'addfile': {
          const { files } = parseMultipart(request);
          const file = files.find((f) => f.field === 'name' || f.field === 'nzbfile');
          if (!file || !file.data.toString().includes('<nzb'))
            return sendJson(response, 200, { status: false, nzo_ids: [] });
          const requested = (query.get('cat') ?? '*').toLowerCase();
          const job = {
            nzo_id: `SABnzbd_nzo_${this.nextId++}`,
            name: query.get('nzbname') ?? file.filename.replace(/\.nzb$/, ''),
            category: this.categories.includes(requested) ? requested : '*',
            bytes: 2 * 1024 * 1024,
            mbLeft: 1,
            nzb: file.data.toString(),
            priority: query.get('priority') ?? undefined,
          };
          this.queue.push(job);
          return sendJson(response, 200, { status: true, nzo_ids: [job.nzo_id] });
        }
        case 'queue': {
          if (query.get('name') === 'delete') {
            this.deleted.push({
              nzoId: query.get('value') ?? '',
              from: 'queue',
              delFiles: query.get('del_files') === '1',
            });
            const index = this.queue.findIndex((job) => job.nzo_id === query.get('value'));
            if (index >= 0) this.queue.splice(index, 1);
            return sendJson(response, 200, { status: true, nzo_ids: [query.get('value')] });
          }
          return sendJson(response, 200, {
            queue: {
              slots: this.queue.map((job) => ({
                nzo_id: job.nzo_id,
                filename: job.name,
                cat: job.category,
                mb: (job.bytes / 1024 / 1024).toFixed(2),
                mbleft: job.mbLeft.toFixed(2),
                timeleft: '0:01:30',
                status: 'Downloading',
              })),
            },
          });
        }
        case 'history': {
          if (query.get('name') === 'delete') {
            this.deleted.push({
              nzoId: query.get('value') ?? '',
              from: 'history',
              delFiles: query.get('del_files') === '1',
            });
            const index = this.history.findIndex((job) => job.nzo_id === query.get('value'));
            if (index >= 0) this.history.splice(index, 1);
            return sendJson(response, 200, { status: true });
          }
          const category = query.get('category')?.toLowerCase();
          return sendJson(response, 200, {
            history: { slots: this.history.filter((job) => !category || job.category === category) },
          });
        }
        default:
          return sendJson(response, 200, { error: 'not implemented' });
      }
    });
  }

  /** The download advanced: `mbLeft` megabytes are still to come. */
  progress(nzoId: string, mbLeft: number): void {
    this.queue.find((job) => job.nzo_id === nzoId)!.mbLeft = mbLeft;
  }

  /** Moves a queued job to the history as completed (or failed), its files in `storage` (a made-up path by default). */
  finish(nzoId: string, status = 'Completed', storage?: string): void {
    const index = this.queue.findIndex((job) => job.nzo_id === nzoId);
    const [job] = this.queue.splice(index, 1);
    this.history.push({
      ...job,
      status,
      storage: storage ?? `/complete/${job.category}/${job.name}`,
      fail_message: status === 'Failed' ? 'Repair failed' : '',
    });
  }
}
