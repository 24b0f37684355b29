import { CatalogueEntry, COMMAND_CATALOGUE } from './command-catalogue';
import { CommandFlags } from './command-handler.decorator';
import { CommandTriggerName } from './command.enums';

/** Properties of Readarr's base `Command` class; every body carries them, dedup ignores them. */
export const BASE_PROPERTIES = [
  'sendUpdatesToClient',
  'updateScheduledTask',
  'completionMessage',
  'requiresDiskAccess',
  'isExclusive',
  'isTypeExclusive',
  'isLongRunning',
  'name',
  'lastExecutionTime',
  'lastStartTime',
  'trigger',
  'suppressMessages',
  'clientUserAgent',
] as const;

const BASE_SET = new Set<string>(BASE_PROPERTIES);
const BASE_BY_LOWER = new Map(BASE_PROPERTIES.map((key) => [key.toLowerCase(), key as string]));

/** A time stored in a body (`lastExecutionTime`, `lastStartTime`: ISO strings once read back), or undefined. */
export function bodyDate(value: unknown): Date | undefined {
  if (typeof value !== 'string' && !(value instanceof Date)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export interface BodyOptions {
  trigger: CommandTriggerName;
  flags: CommandFlags;
  clientUserAgent?: string;
  lastExecutionTime?: Date | null;
  lastStartTime?: Date | null;
}

/** Field names are case-insensitive on input, as in Readarr: map them onto the catalogue's spelling. */
function canonicalKey(key: string, entry: CatalogueEntry | undefined): string {
  const lower = key.toLowerCase();
  for (const field of Object.keys(entry?.fields ?? {})) if (field.toLowerCase() === lower) return field;
  return BASE_BY_LOWER.get(lower) ?? key.charAt(0).toLowerCase() + key.slice(1);
}

/** The full command body as Readarr serialises it: the command's own fields plus every base property. */
export function buildBody(name: string, input: Record<string, unknown>, options: BodyOptions): Record<string, unknown> {
  const entry = COMMAND_CATALOGUE[name];
  const own: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(entry?.fields ?? {})) if (value !== undefined) own[field] = value;
  const posted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) posted[canonicalKey(key, entry)] = value;
  for (const [key, value] of Object.entries(posted)) if (!BASE_SET.has(key) && value !== undefined) own[key] = value;

  const flags = options.flags;
  const sendUpdatesToClient =
    typeof posted.sendUpdatesToClient === 'boolean' ? posted.sendUpdatesToClient : Boolean(flags.sendUpdatesToClient);
  const manual = options.trigger === 'manual';
  return {
    ...own,
    // Readarr: a posted command reports progress to clients; suppressMessages keeps what was asked.
    sendUpdatesToClient: manual ? true : sendUpdatesToClient,
    updateScheduledTask: entry?.updateScheduledTask ? entry.updateScheduledTask(own) : true,
    completionMessage: entry?.completionMessage ?? 'Completed',
    requiresDiskAccess: Boolean(flags.diskAccess),
    isExclusive: Boolean(flags.exclusive),
    isTypeExclusive: Boolean(flags.typeExclusive),
    isLongRunning: Boolean(flags.longRunning),
    name,
    lastExecutionTime: options.lastExecutionTime ?? undefined,
    lastStartTime: options.lastStartTime ?? undefined,
    trigger: options.trigger,
    suppressMessages: manual ? !sendUpdatesToClient : false,
    clientUserAgent: options.clientUserAgent,
  };
}

/** Canonical JSON of the non-base properties (keys sorted, arrays compared as sets): equal commands, equal keys. */
export function dedupKey(body: Record<string, unknown>): string {
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!BASE_SET.has(key) && value != null) own[key] = value;
  return JSON.stringify(canonical(own, true));
}

function canonical(value: unknown, asSet: boolean): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item, asSet));
    if (!asSet) return items;
    const unique = new Map(items.map((item) => [JSON.stringify(item), item]));
    return [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, item]) => item);
  }
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      if (item != null) out[key] = canonical(item, asSet);
    }
    return out;
  }
  return value;
}
