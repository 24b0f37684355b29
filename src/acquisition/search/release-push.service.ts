import { Injectable } from '@nestjs/common';
import { failure, ValidationError } from '../../platform/common/errors/domain-errors';
import type { ReleaseInfo } from '../../integrations/indexer/indexer-client';
import { parseReleaseTitle } from '../parser/release-parser';
import { GrabService } from './grab.service';
import { ProcessDecisionsService } from './process-decisions.service';
import { ReleaseCache } from './release-cache.service';
import type { ReleaseResource } from './release.resource';
import { ReleaseResources } from './release-resources';
import { ReleaseSearchService } from './release-search.service';

/** `POST /api/v1/release/push`: a release Prowlarr or autobrr found, decided on like any other. */
@Injectable()
export class ReleasePushService {
  constructor(
    private readonly search: ReleaseSearchService,
    private readonly cache: ReleaseCache,
    private readonly grabs: GrabService,
    private readonly process: ProcessDecisionsService,
    private readonly resources: ReleaseResources,
  ) {}

  /** Decides on the pushed release and grabs it when approved. */
  async push(body: ReleaseResource): Promise<ReleaseResource> {
    const failures = [
      ...(!body.title?.trim() ? [failure('title', "'Title' must not be empty.", body.title)] : []),
      ...(!body.downloadUrl && !body.magnetUrl
        ? [failure('downloadUrl', "'Download Url' must not be empty.", body.downloadUrl)]
        : []),
      ...(!body.protocol || body.protocol === 'unknown'
        ? [failure('protocol', "'Protocol' must not be equal to 'Unknown'.", body.protocol)]
        : []),
      ...(!body.publishDate ? [failure('publishDate', "'Publish Date' must not be empty.", body.publishDate)] : []),
    ];
    if (failures.length) throw new ValidationError(failures);
    if (!parseReleaseTitle(body.title!)) throw ValidationError.of('Title', 'Unable to parse', body.title);
    const release: ReleaseInfo = {
      title: body.title!,
      guid: body.guid ?? `PUSH-${body.downloadUrl ?? body.magnetUrl}`,
      downloadUrl: body.downloadUrl ?? body.magnetUrl!,
      magnetUrl: body.magnetUrl,
      infoUrl: body.infoUrl,
      commentUrl: body.commentUrl,
      infoHash: body.infoHash,
      size: body.size ?? 0,
      publishDate: body.publishDate,
      indexerId: body.indexerId ?? 0,
      indexer: body.indexer ?? 'Push',
      indexerPriority: 25,
      protocol: body.protocol!,
      seeders: body.seeders,
      peers: body.seeders !== undefined ? body.seeders + (body.leechers ?? 0) : undefined,
      categories: [],
      indexerFlags: body.indexerFlags ?? 0,
    };
    const decisions = await this.search.decideUnmatched([release], 'push');
    this.cache.set(decisions);
    const [decision] = decisions;
    if (decision.approved && body.downloadClientId)
      await this.grabs.grab(decision.remote, {
        forced: false,
        source: 'releasePush',
        downloadClientId: body.downloadClientId,
      });
    else await this.process.process(decisions, 'releasePush');
    return (await this.resources.of(decisions))[0];
  }
}
