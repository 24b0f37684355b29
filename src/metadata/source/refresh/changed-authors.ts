import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuthorRepository } from '../../../library/author/author.repository';
import { bodyDate } from '../../../platform/command/command-body';
import { METADATA_SOURCE, MetadataSource } from '../metadata-source';

/** Readarr asks the feed only when the last run is this recent; an older run may predate what the feed keeps. */
const FEED_WINDOW_MS = 14 * 24 * 3600 * 1000;

export interface RefreshSelection {
  ids: number[];
  /** Why some authors are left out, for the command message; undefined when every author is refreshed. */
  note?: string;
}

/**
 * Which authors a refresh of the whole library visits. As in Readarr, a scheduled run whose previous run is
 * under 14 days old asks the source's "changed" feed and refreshes only the authors it names (and any never
 * refreshed). A manual run, an older or first run, a source without a feed, a `Limited` answer or a feed that
 * cannot be reached all refresh every author.
 */
@Injectable()
export class ChangedAuthorSelector {
  private readonly logger = new Logger(ChangedAuthorSelector.name);

  constructor(
    @Inject(METADATA_SOURCE) private readonly source: MetadataSource,
    private readonly library: AuthorRepository,
  ) {}

  async select(trigger: string, lastExecutionTime?: unknown, lastStartTime?: unknown): Promise<RefreshSelection> {
    const authors = await this.library.refreshStates();
    const all = { ids: authors.map((author) => author.id) };
    const lastRun = bodyDate(lastExecutionTime);
    const since = bodyDate(lastStartTime) ?? lastRun;
    if (trigger !== 'scheduled' || !lastRun || !since || Date.now() - lastRun.getTime() > FEED_WINDOW_MS) return all;
    if (!this.source.getChangedAuthors) return all;
    let changed: Set<string>;
    try {
      const answer = await this.source.getChangedAuthors(since);
      if (answer.limited) return all;
      changed = new Set(answer.ids);
    } catch (error) {
      this.logger.warn(`The changed-authors feed failed (${(error as Error).message}); refreshing every author`);
      return all;
    }
    const ids = authors
      .filter((author) => author.neverRefreshed || changed.has(author.foreignAuthorId))
      .map((author) => author.id);
    return {
      ids,
      note: `${this.source.name} reports ${ids.length} of ${authors.length} authors changed since ${since.toISOString()}`,
    };
  }
}
