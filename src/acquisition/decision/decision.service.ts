import { Injectable } from '@nestjs/common';
import type { CustomFormat } from '../../library/profile/custom-format/custom-format.entity';
import { Clock } from './clock';
import { formatInput, formatScore, matchFormats } from './custom-format-calculator';
import { AuthorDecisionStateLoader, DecisionSettingsLoader } from './decision-context.loader';
import { prioritize } from './decision-comparer';
import { evaluate } from './evaluate';
import type { DecisionContext, DownloadDecision, RemoteBook, SearchKind } from './remote-book';

export interface DecideOptions {
  kind: SearchKind;
  monitoredOnly: boolean;
  now?: Date;
}

/**
 * The decision engine (Readarr's DownloadDecisionMaker + prioritisation): loads the shared settings once and each
 * author's state once (`decision-context.loader.ts`), scores custom formats, runs every rule and returns the
 * decisions best first.
 */
@Injectable()
export class DecisionService {
  constructor(
    private readonly settings: DecisionSettingsLoader,
    private readonly authorStates: AuthorDecisionStateLoader,
    private readonly clock: Clock,
  ) {}

  async decide(remotes: RemoteBook[], options: DecideOptions): Promise<DownloadDecision[]> {
    const now = options.now ?? this.clock.now();
    const { formats, ...shared } = await this.settings.load();
    const contexts = new Map<number, DecisionContext>();
    for (const remote of remotes) {
      if (remote.author && !contexts.has(remote.author.id)) {
        const bookIds = remotes
          .filter((r) => r.author?.id === remote.author!.id)
          .flatMap((r) => r.books.map((b) => b.id));
        const { existingFiles, ...state } = await this.authorStates.load(remote.author, bookIds);
        const formatItems = state.profile.formatItems ?? [];
        contexts.set(remote.author.id, {
          now,
          kind: options.kind,
          monitoredOnly: options.monitoredOnly,
          ...shared,
          ...state,
          existingFiles: existingFiles.map(({ formatTitle, size, indexerFlags, ...file }) => ({
            ...file,
            customFormatScore: formatScore(
              matchFormats(formats, {
                title: formatTitle,
                releaseGroup: file.releaseGroup ?? undefined,
                size,
                indexerFlags,
              }),
              formatItems,
            ),
          })),
        });
      }
    }
    const decisions = remotes.map((remote) => {
      const context = remote.author ? contexts.get(remote.author.id) : undefined;
      this.scoreFormats(remote, formats, context);
      return evaluate(remote, context);
    });
    return prioritize(decisions, {
      now,
      profileItems: (authorId) => (authorId ? (contexts.get(authorId)?.profile.items ?? []) : []),
      comparesRevision: shared.propers !== 'doNotPrefer',
      preferredProtocol: (authorId) => (authorId ? (contexts.get(authorId)?.delayProfile.preferredProtocol ?? '') : ''),
    });
  }

  private scoreFormats(remote: RemoteBook, formats: CustomFormat[], context: DecisionContext | undefined): void {
    remote.customFormats = matchFormats(formats, formatInput(remote.release, remote.parsed?.releaseGroup));
    remote.customFormatScore = context ? formatScore(remote.customFormats, context.profile.formatItems ?? []) : 0;
  }
}
