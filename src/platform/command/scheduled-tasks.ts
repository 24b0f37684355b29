import { CommandPriorityName } from './command.enums';

export interface TaskDefinition {
  taskName: string;
  /** Minutes; RssSync and Backup are recomputed from their config sections. */
  interval: number;
  priority?: CommandPriorityName;
}

/** Readarr's scheduled tasks and default intervals. */
export const TASK_DEFINITIONS: readonly TaskDefinition[] = [
  { taskName: 'RefreshMonitoredDownloads', interval: 1, priority: 'high' },
  { taskName: 'MessagingCleanup', interval: 5 },
  { taskName: 'ImportListSync', interval: 5 },
  { taskName: 'RssSync', interval: 15 },
  { taskName: 'ApplicationUpdateCheck', interval: 360 },
  { taskName: 'CheckHealth', interval: 360 },
  { taskName: 'RefreshAuthor', interval: 1440 },
  { taskName: 'RescanFolders', interval: 1440 },
  { taskName: 'Housekeeping', interval: 1440 },
  { taskName: 'Backup', interval: 7 * 1440 },
];

/** `rssSyncInterval`: 0 disables RSS sync; values 1–9 are raised to 10 (Readarr). */
export function rssSyncIntervalMinutes(configured: number): number {
  if (!Number.isFinite(configured) || configured <= 0) return 0;
  return Math.max(10, Math.round(configured));
}

/** `backupInterval` is in days. */
export function backupIntervalMinutes(days: number): number {
  return Number.isFinite(days) && days > 0 ? Math.round(days * 1440) : 7 * 1440;
}
