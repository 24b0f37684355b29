import { Injectable } from '@nestjs/common';
import type { DownloadDecision } from '../decision/remote-book';

const TTL_MS = 30 * 60_000;

export const cacheKey = (indexerId: number, guid: string) => `${indexerId}_${guid}`;

/**
 * Interactive-search results for `POST /release` (30 minutes, keyed `indexerId_guid`, like Readarr).
 * In-process memory: with several Quire processes, grab through the process that ran the search.
 */
@Injectable()
export class ReleaseCache {
  private readonly entries = new Map<string, { decision: DownloadDecision; expires: number }>();

  set(decisions: DownloadDecision[]): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    for (const decision of decisions)
      this.entries.set(cacheKey(decision.remote.release.indexerId, decision.remote.release.guid), {
        decision,
        expires: now + TTL_MS,
      });
  }

  get(indexerId: number, guid: string): DownloadDecision | undefined {
    const entry = this.entries.get(cacheKey(indexerId, guid));
    if (!entry || entry.expires <= Date.now()) return undefined;
    return entry.decision;
  }
}
