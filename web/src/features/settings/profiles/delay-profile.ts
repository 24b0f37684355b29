import type { DelayProfile } from '../../../api/client';

export type { DelayProfile };

/** `/api/v1/delayprofile` lists them by order; the global one (id 1, without tags) last. */
export const GLOBAL_DELAY_PROFILE_ID = 1;

export const NEW_DELAY_PROFILE: DelayProfile = {
  enableUsenet: true,
  enableTorrent: true,
  preferredProtocol: 'usenet',
  usenetDelay: 0,
  torrentDelay: 0,
  bypassIfHighestQuality: false,
  bypassIfAboveCustomFormatScore: false,
  minimumCustomFormatScore: 0,
  tags: [],
};

/**
 * Moving the profile at `index` of the listed order by `delta` as `PUT delayprofile/reorder/<id>?afterId=`:
 * the profile it lands after (none: first). Undefined when it cannot move (the global one, or past either end).
 */
export function reorderRequest(
  profiles: DelayProfile[],
  index: number,
  delta: -1 | 1,
): { id: number; afterId?: number } | undefined {
  const movable = profiles.filter((profile) => profile.id !== GLOBAL_DELAY_PROFILE_ID);
  const moving = profiles[index];
  const from = movable.indexOf(moving);
  const to = from + delta;
  if (from < 0 || moving.id === undefined || to < 0 || to >= movable.length) return undefined;
  const others = movable.filter((profile) => profile !== moving);
  return { id: moving.id, afterId: to === 0 ? undefined : others[to - 1].id };
}

/** "Usenet, 60 min" — what a row says about a protocol. */
export function protocolSummary(profile: DelayProfile): string {
  const parts: string[] = [];
  if (profile.enableUsenet) parts.push(`Usenet ${profile.usenetDelay ?? 0} min`);
  if (profile.enableTorrent) parts.push(`Torrent ${profile.torrentDelay ?? 0} min`);
  const preferred = profile.enableUsenet && profile.enableTorrent ? ` (prefers ${profile.preferredProtocol})` : '';
  return `${parts.join(', ') || 'Nothing enabled'}${preferred}`;
}
