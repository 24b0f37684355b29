import { Injectable } from '@nestjs/common';
import { BadRequestError, failure, NotFoundError, ValidationError } from '../../platform/common/errors/domain-errors';
import type { DownloadDecision } from '../decision/remote-book';
import { LibraryLookupRepository } from '../parser/library-lookup.repository';
import { parseReleaseTitle } from '../parser/release-parser';
import { toCustomFormatResource } from '../../library/profile/custom-format/custom-format.mapper';
import { CustomFormatService } from '../../library/profile/custom-format/custom-format.service';
import { QualityProfileService } from '../../library/profile/quality-profile/quality-profile.service';
import type { ReleaseInfo } from '../../integrations/indexer/indexer-client';
import { TrackedDownloadService } from '../queue/tracked-download.service';
import { GrabService } from './grab.service';
import { ProcessDecisionsService } from './process-decisions.service';
import { ReleaseCache } from './release-cache.service';
import { toReleaseResource } from './release.mapper';
import type { ReleaseQuery, ReleaseResource } from './release.resource';
import { ReleaseSearchService } from './release-search.service';

/** `/api/v1/release` (interactive search and grab), `/release/push`, `/queue/grab`. */
@Injectable()
export class ReleaseService {
  constructor(
    private readonly search: ReleaseSearchService,
    private readonly library: LibraryLookupRepository,
    private readonly cache: ReleaseCache,
    private readonly grabs: GrabService,
    private readonly process: ProcessDecisionsService,
    private readonly tracked: TrackedDownloadService,
    private readonly customFormats: CustomFormatService,
    private readonly qualityProfiles: QualityProfileService,
  ) {}

  async interactive(query: ReleaseQuery): Promise<ReleaseResource[]> {
    let decisions: DownloadDecision[];
    if (query.bookId !== undefined) {
      const [book] = await this.library.books([query.bookId]);
      if (!book) throw new NotFoundError(`Book ${query.bookId} not found`);
      const author = (await this.library.author(book.authorId))!;
      decisions = await this.search.searchBook(author, book, { kind: 'interactive', monitoredOnly: false });
    } else if (query.authorId !== undefined) {
      const author = await this.library.author(query.authorId);
      if (!author) throw new NotFoundError(`Author ${query.authorId} not found`);
      decisions = await this.search.searchAuthor(author, 'interactive');
    } else decisions = await this.search.rss('interactive');
    this.cache.set(decisions);
    return this.resources(decisions);
  }

  /** Grabs a release from the interactive-search cache (404 when expired, 409 when the client refuses it). */
  async grab(body: ReleaseResource): Promise<ReleaseResource> {
    const decision = this.cache.get(body.indexerId ?? 0, body.guid ?? '');
    if (!decision) throw new NotFoundError("Couldn't find requested release in cache, cache timeout probably expired.");
    const remote = { ...decision.remote };
    if (body.bookId) {
      const [book] = await this.library.books([body.bookId]);
      if (!book) throw new NotFoundError(`Book ${body.bookId} not found`);
      remote.books = [book];
      remote.author = await this.library.author(book.authorId);
    } else if (!decision.downloadAllowed && body.authorId) {
      remote.author = await this.library.author(body.authorId);
    }
    if (!remote.author || remote.books.length === 0)
      throw new NotFoundError('Unable to find matching author and books');
    await this.grabs.grab(remote, {
      forced: true,
      source: 'interactiveSearch',
      downloadClientId: body.downloadClientId,
    });
    return (await this.resources([{ ...decision, remote }]))[0];
  }

  /** `POST /release/push`: decides on a release from Prowlarr/autobrr and grabs it when approved. */
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
    return (await this.resources(decisions))[0];
  }

  /** `POST /queue/grab/{id}`: sends a pending (delayed) release now. */
  async grabPending(ids: number[]): Promise<void> {
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

  private async resources(decisions: DownloadDecision[]): Promise<ReleaseResource[]> {
    const [formats, profiles] = await Promise.all([this.customFormats.findAll(), this.qualityProfiles.findAll()]);
    const formatById = new Map(formats.map((format) => [format.id, toCustomFormatResource(format)]));
    const profileById = new Map(profiles.map((profile) => [profile.id, profile.items]));
    const profileOfAuthor = new Map(
      decisions.flatMap((d) =>
        d.remote.author ? [[d.remote.author.id, d.remote.author.qualityProfileId] as const] : [],
      ),
    );
    const mapping = {
      now: new Date(),
      formats: formatById,
      profileItems: (authorId: number | undefined) =>
        (authorId ? profileById.get(profileOfAuthor.get(authorId) ?? 0) : undefined) ?? [],
    };
    return decisions.map((decision, index) => toReleaseResource(decision, index, mapping));
  }
}
