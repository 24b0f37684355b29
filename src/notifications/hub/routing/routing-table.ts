import { parse } from 'yaml';
import { CHANNEL_NAMES, ChannelName, isChannelName } from '../notification.types';

/** The routing table of the YAML file: channels per source agent, and the `default` entry. */
export interface RoutingTable {
  routes: Record<string, ChannelName[]>;
  default?: ChannelName[];
}

export const FALLBACK_CHANNELS: ChannelName[] = ['email'];
/** Used when the file is missing or malformed: email for everything, so a broken file loses no notification. */
export const FALLBACK_TABLE: RoutingTable = { routes: {}, default: FALLBACK_CHANNELS };

export class RoutingFileError extends Error {}

function channelList(value: unknown, where: string): ChannelName[] {
  if (!Array.isArray(value)) throw new RoutingFileError(`${where} must be a list of channel names`);
  const channels: ChannelName[] = [];
  for (const item of value) {
    if (!isChannelName(item)) {
      throw new RoutingFileError(
        `${where} names unknown channel ${JSON.stringify(item)} (valid: ${CHANNEL_NAMES.join(', ')})`,
      );
    }
    if (!channels.includes(item)) channels.push(item);
  }
  return channels;
}

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Parses the routing file. `routes` maps an agent to its channels; `default` may sit inside `routes`
 * (as docs/notification-hub.md shows it) or at the top level. Anything malformed throws RoutingFileError with
 * the reason; the caller then falls back to `default: [email]` for the whole file.
 */
export function parseRoutingTable(text: string): RoutingTable {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw new RoutingFileError(`not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (document === null || document === undefined) return { routes: {} };
  if (!isMapping(document)) throw new RoutingFileError('the top level must be a mapping with the key "routes"');
  const table: RoutingTable = { routes: {} };
  const routes = document.routes ?? {};
  if (!isMapping(routes)) throw new RoutingFileError('"routes" must be a mapping from source agent to channel list');
  for (const [agent, channels] of Object.entries(routes)) {
    const list = channelList(channels, `routes.${agent}`);
    if (agent === 'default') table.default = list;
    else table.routes[agent] = list;
  }
  if (document.default !== undefined) {
    if (table.default) throw new RoutingFileError('"default" is given both at the top level and inside "routes"');
    table.default = channelList(document.default, 'default');
  }
  return table;
}

export type ResolutionRule = 'request' | 'route' | 'default' | 'fallback';

/**
 * The channel-resolution order of POST /notify:
 * 1. a non-empty `channels` in the request, as given; 2. the table's entry for the source agent;
 * 3. the `default` entry; 4. `["email"]`. An empty list in the table counts as no entry.
 */
export function resolveChannels(
  table: RoutingTable,
  sourceAgent: string,
  requested: readonly ChannelName[] | undefined,
): { channels: ChannelName[]; rule: ResolutionRule } {
  if (requested && requested.length > 0) return { channels: [...new Set(requested)], rule: 'request' };
  const route = Object.prototype.hasOwnProperty.call(table.routes, sourceAgent) ? table.routes[sourceAgent] : undefined;
  if (route && route.length > 0) return { channels: [...route], rule: 'route' };
  if (table.default && table.default.length > 0) return { channels: [...table.default], rule: 'default' };
  return { channels: [...FALLBACK_CHANNELS], rule: 'fallback' };
}
