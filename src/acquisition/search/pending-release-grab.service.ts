import { Injectable } from '@nestjs/common';
import { BadRequestError, NotFoundError } from '../../platform/common/errors/domain-errors';
import { TrackedDownloadService } from '../queue/tracked-download.service';
import { GrabService } from './grab.service';
import { ReleaseSearchService } from './release-search.service';

/** `POST /api/v1/queue/grab/{id}` and `/queue/grab/bulk`: sends pending (delayed) releases now. */
@Injectable()
export class PendingReleaseGrabService {
  constructor(
    private readonly tracked: TrackedDownloadService,
    private readonly search: ReleaseSearchService,
    private readonly grabs: GrabService,
  ) {}

  async grab(ids: number[]): Promise<void> {
    const pending = await this.tracked.findPending(ids);
    if (pending.length === 0) throw new NotFoundError(`Pending release ${ids.join(', ')} not found`);
    const decisions = await this.search.decidePending(pending, 'interactive');
    // Every release is checked before any is sent: a refused one changes nothing.
    if (decisions.some((decision) => !decision.downloadAllowed))
      throw new BadRequestError('Unable to find matching author and books');
    for (const decision of decisions) {
      const stored = pending.find((item) => item.release.guid === decision.remote.release.guid);
      await this.grabs.grab(decision.remote, { forced: true, source: stored?.release.source ?? 'unknown' });
      // Off the pending list as soon as it is sent, so a later failure cannot leave it to be grabbed twice.
      if (stored) await this.tracked.removePending([stored.id]);
    }
    const unmatched = pending.filter(
      (item) => !decisions.some((decision) => decision.remote.release.guid === item.release.guid),
    );
    if (unmatched.length > 0) await this.tracked.removePending(unmatched.map((item) => item.id));
  }
}
