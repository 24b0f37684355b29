import type { Schemas } from '../../api/client';

export type HealthItem = Schemas['HealthResource'];
export type Task = Schemas['TaskResource'];
export type Backup = Schemas['BackupResource'];
export type LogLine = Schemas['LogResource'];
export type LogFile = Schemas['LogFileResource'];
export type DiskSpace = Schemas['DiskSpaceResource'];
export type SystemStatus = Schemas['SystemResource'];
export type Update = Schemas['UpdateResource'];

/** Readarr's settings page where each health check's problem is fixed (the wiki link explains it). */
const FIX_PAGES: Record<string, string> = {
  IndexerCheck: '/settings/indexers',
  IndexerStatusCheck: '/settings/indexers',
  DownloadClientCheck: '/settings/downloadclients',
  DownloadClientStatusCheck: '/settings/downloadclients',
  RootFolderCheck: '/settings/mediamanagement',
  DiskSpaceCheck: '/system/status',
  ApiKeyValidationCheck: '/settings/general',
};

export const fixPage = (source: string): string | undefined => FIX_PAGES[source];

/** A health check's level in words, with what it means for the library. */
export const HEALTH_WORDS: Record<string, { label: string; title: string }> = {
  ok: { label: 'OK', title: 'Nothing to do' },
  notice: { label: 'Notice', title: 'Worth knowing; nothing is failing' },
  warning: { label: 'Warning', title: 'Something does not work as set up; the library goes on' },
  error: { label: 'Error', title: 'Something is broken: searches, downloads or imports fail until it is fixed' },
};

export const HEALTH_COLORS: Record<string, string> = { ok: 'teal', notice: 'blue', warning: 'yellow', error: 'red' };

/** Used share of a disk, 0–100 (0 when the size is unknown). */
export function diskUsed(disk: Pick<DiskSpace, 'freeSpace' | 'totalSpace'>): number {
  if (!disk.totalSpace) return 0;
  return Math.round(((disk.totalSpace - disk.freeSpace) / disk.totalSpace) * 100);
}

/** A task interval in minutes → `15 minutes`, `6 hours`, `1 day`; 0 = not scheduled. */
export function formatInterval(minutes: number): string {
  if (!minutes) return 'manual';
  const [value, unit] =
    minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/** `00:00:01.2340000` (a .NET TimeSpan) → `1.2 s`; longer ones as `hh:mm:ss`. */
export function formatDuration(value: string | undefined): string {
  if (!value) return '';
  const match = /^(?:(\d+)\.)?(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?/.exec(value);
  if (!match) return value;
  const [, days, hours, minutes, seconds, fraction] = match;
  if (!days && hours === '00' && minutes === '00') return `${Number(`${seconds}.${fraction ?? '0'}`).toFixed(1)} s`;
  return `${days ? `${days}d ` : ''}${hours}:${minutes}:${seconds}`;
}

/** Log levels the events page filters by: the server shows the level chosen and the more severe ones. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

export const LEVEL_COLORS: Record<string, string> = {
  trace: 'gray',
  debug: 'gray',
  info: 'blue',
  warn: 'orange.7',
  error: 'red',
  fatal: 'red',
};
