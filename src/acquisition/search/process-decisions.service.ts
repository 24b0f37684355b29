import { Injectable, Logger } from '@nestjs/common';
import { ConflictError } from '../../platform/common/errors/domain-errors';
import { Clock } from '../decision/clock';
import type { DownloadDecision } from '../decision/remote-book';
import { qualityModel } from '../parser/quality-model';
import { DelayProfileService } from '../../library/profile/delay-profile/delay-profile.service';
import type { ReleaseSourceName } from '../queue/download.events';
import { TrackedDownloadService } from '../queue/tracked-download.service';
import { GrabService } from './grab.service';
import { toGrabbedRelease } from './remote-book.factory';

export interface ProcessedDecisions {
  grabbed: DownloadDecision[];
  pending: DownloadDecision[];
}

/**
 * Readarr's ProcessDownloadDecisions: walks decisions best first, grabs the first approved release per book
 * (a failing client moves on to the next release), and keeps the best temporarily rejected (delayed) release
 * of books that got nothing as a pending release.
 */
@Injectable()
export class ProcessDecisionsService {
  private readonly logger = new Logger(ProcessDecisionsService.name);

  constructor(
    private readonly grabs: GrabService,
    private readonly tracked: TrackedDownloadService,
    private readonly delayProfiles: DelayProfileService,
    private readonly clock: Clock,
  ) {}

  async process(decisions: DownloadDecision[], source: ReleaseSourceName): Promise<ProcessedDecisions> {
    const grabbed: DownloadDecision[] = [];
    const done = new Set<number>();
    for (const decision of decisions) {
      if (!decision.approved || decision.remote.books.some((book) => done.has(book.id))) continue;
      try {
        await this.grabs.grab(decision.remote, { forced: false, source });
        grabbed.push(decision);
        for (const book of decision.remote.books) done.add(book.id);
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        this.logger.warn(error.message);
      }
    }
    const pending: DownloadDecision[] = [];
    for (const decision of decisions) {
      const { remote } = decision;
      if (!decision.temporarilyRejected || !remote.author || remote.books.some((book) => done.has(book.id))) continue;
      await this.storePending(decision, source);
      pending.push(decision);
      for (const book of remote.books) done.add(book.id);
    }
    return { grabbed, pending };
  }

  private async storePending(decision: DownloadDecision, source: ReleaseSourceName): Promise<void> {
    const { remote } = decision;
    const profile = await this.delayProfiles.bestForTags(remote.author!.tags ?? []);
    const delay = remote.release.protocol === 'torrent' ? profile.torrentDelay : profile.usenetDelay;
    const published = remote.release.publishDate
      ? new Date(remote.release.publishDate).getTime()
      : this.clock.now().getTime();
    const bookIds = remote.books.map((book) => book.id);
    await this.tracked.removePendingForBooks(bookIds);
    await this.tracked.addPending({
      authorId: remote.author!.id,
      bookIds,
      title: remote.release.title,
      release: toGrabbedRelease(remote, source),
      quality: qualityModel(remote.parsed?.qualityId ?? 0, remote.parsed?.revision),
      customFormatIds: remote.customFormats.map((format) => format.id),
      customFormatScore: remote.customFormatScore,
      reason: 'delay',
      releaseAt: new Date(published + Math.max(0, delay) * 60_000),
    });
  }
}
