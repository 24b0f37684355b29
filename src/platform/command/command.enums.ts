import { WireEnum } from '../common/wire/wire-enum';

export const CommandPriority = new WireEnum({ low: -1, normal: 0, high: 1 });
export type CommandPriorityName = keyof typeof CommandPriority.values;

export const CommandResult = new WireEnum({ unknown: 0, successful: 1, unsuccessful: 2 });
export type CommandResultName = keyof typeof CommandResult.values;

export const CommandStatus = new WireEnum({
  queued: 0,
  started: 1,
  completed: 2,
  failed: 3,
  aborted: 4,
  cancelled: 5,
  orphaned: 6,
});
export type CommandStatusName = keyof typeof CommandStatus.values;

export const CommandTrigger = new WireEnum({ unspecified: 0, manual: 1, scheduled: 2 });
export type CommandTriggerName = keyof typeof CommandTrigger.values;

/** Statuses after which a command never changes again. */
export const FINAL_STATUSES: readonly CommandStatusName[] = ['completed', 'failed', 'aborted', 'cancelled', 'orphaned'];
