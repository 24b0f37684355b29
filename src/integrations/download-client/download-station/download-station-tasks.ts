import type { DiskStationApiInfo, DiskStationConnection } from './disk-station-connection';

/** A task's state, as DSM 6 names it; DSM 7 sends the same states as numbers, in this order. */
export const TASK_STATUSES = [
  'unknown',
  'waiting',
  'downloading',
  'paused',
  'finishing',
  'finished',
  'hash_checking',
  'seeding',
  'filehosting_waiting',
  'extracting',
  'error',
  'captcha_needed',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** One Download Station task, whichever API listed it. */
export interface DownloadStationTask {
  id: string;
  title: string;
  size: number;
  /** `bt`, `nzb`, `http`, `ftp`, `emule` or `https` (compared lower-cased). */
  type: string;
  status: TaskStatus;
  statusExtra?: Record<string, string>;
  detail: Record<string, string>;
  transfer: Record<string, string>;
}

interface WireTask {
  id: string;
  title: string;
  size: number;
  type: string;
  status: string | number;
  status_extra?: Record<string, string> | null;
  additional?: { detail?: Record<string, string>; transfer?: Record<string, string> };
}

function statusOf(status: string | number): TaskStatus {
  if (typeof status === 'number') return TASK_STATUSES[status] ?? 'unknown';
  return (TASK_STATUSES as readonly string[]).includes(status.toLowerCase())
    ? (status.toLowerCase() as TaskStatus)
    : 'unknown';
}

function taskOf(wire: WireTask, transfer?: Record<string, string>): DownloadStationTask {
  return {
    id: wire.id,
    title: wire.title,
    size: Number(wire.size) || 0,
    type: String(wire.type ?? '').toLowerCase(),
    status: statusOf(wire.status),
    statusExtra: wire.status_extra ?? undefined,
    detail: wire.additional?.detail ?? {},
    transfer: transfer ?? wire.additional?.transfer ?? {},
  };
}

/** The task API of one DSM generation. */
export interface DownloadStationTaskApi {
  readonly name: string;
  info(): Promise<DiskStationApiInfo | undefined>;
  list(): Promise<DownloadStationTask[]>;
  addUrl(url: string, destination: string | undefined): Promise<void>;
  addFile(data: Buffer, filename: string, destination: string | undefined): Promise<void>;
  remove(id: string): Promise<void>;
}

/** DSM 6: SYNO.DownloadStation.Task, string states, `status_extra` messages. */
class TaskApiV1 implements DownloadStationTaskApi {
  readonly name = 'SYNO.DownloadStation.Task';

  constructor(private readonly dsm: DiskStationConnection) {}

  info() {
    return this.dsm.apiInfo(this.name);
  }

  async list(): Promise<DownloadStationTask[]> {
    const data = await this.dsm.call<{ tasks?: WireTask[] }>(this.name, 'list', 1, 'get tasks', {
      additional: 'detail,transfer',
    });
    return (data.tasks ?? []).map((task) => taskOf(task));
  }

  async addUrl(url: string, destination: string | undefined): Promise<void> {
    await this.dsm.call(this.name, 'create', 3, 'add task from url', {
      uri: url,
      ...(destination ? { destination } : {}),
    });
  }

  async addFile(data: Buffer, filename: string, destination: string | undefined): Promise<void> {
    await this.dsm.call(
      this.name,
      'create',
      2,
      `add task from data ${filename}`,
      {},
      {
        field: 'file',
        filename,
        data,
        fields: destination ? { destination } : {},
        sidInQuery: false,
      },
    );
  }

  async remove(id: string): Promise<void> {
    await this.dsm.call(this.name, 'delete', 1, `remove item ${id}`, { id, force_complete: 'false' });
  }
}

/** DSM 7: SYNO.DownloadStation2.Task, numeric states, details and transfer figures asked for separately. */
class TaskApiV2 implements DownloadStationTaskApi {
  readonly name = 'SYNO.DownloadStation2.Task';

  constructor(private readonly dsm: DiskStationConnection) {}

  info() {
    return this.dsm.apiInfo(this.name);
  }

  async list(): Promise<DownloadStationTask[]> {
    type Listing = { task?: WireTask[]; total?: number };
    const details = await this.dsm.call<Listing>(this.name, 'list', 1, 'get tasks with additional detail', {
      additional: 'detail',
    });
    if (!details.total) return [];
    const transfers = await this.dsm.call<Listing>(this.name, 'list', 1, 'get tasks with additional transfer', {
      additional: 'transfer',
    });
    const transferOf = new Map((transfers.task ?? []).map((task) => [task.id, task.additional?.transfer ?? {}]));
    return (details.task ?? []).map((task) => taskOf({ ...task, status_extra: null }, transferOf.get(task.id)));
  }

  async addUrl(url: string, destination: string | undefined): Promise<void> {
    await this.dsm.call(this.name, 'create', 2, 'add task from url', {
      type: 'url',
      url,
      create_list: 'false',
      ...(destination ? { destination } : {}),
    });
  }

  async addFile(data: Buffer, filename: string, destination: string | undefined): Promise<void> {
    // DownloadStation2 reads its form fields as JSON values, and names the file part in `file`.
    await this.dsm.call(
      this.name,
      'create',
      2,
      `add task from data ${filename}`,
      {},
      {
        field: 'fileData',
        filename,
        data,
        fields: {
          type: '"file"',
          file: '["fileData"]',
          create_list: 'false',
          ...(destination ? { destination: `"${destination}"` } : {}),
        },
        sidInQuery: true,
      },
    );
  }

  async remove(id: string): Promise<void> {
    await this.dsm.call(this.name, 'delete', 2, `remove item ${id}`, { id, force_complete: 'false' });
  }
}

/** DSM 7's task API when the DiskStation has it, else DSM 6's, as Readarr picks. */
export async function taskApiFor(dsm: DiskStationConnection): Promise<DownloadStationTaskApi> {
  for (const api of [new TaskApiV2(dsm), new TaskApiV1(dsm)]) if (await api.info()) return api;
  throw new Error('Unable to determine DownloadStations Task API version');
}
