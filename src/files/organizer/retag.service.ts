import { Injectable, Logger } from '@nestjs/common';
import { BadRequestError } from '../../platform/common/errors/domain-errors';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { AUDIO_TAG_FIELDS, type AudioTagValues, TagWriter } from '../../library/media-file/tag-writer.service';
import { qualityModel } from '../../acquisition/parser/quality-model';
import { BookFileRetaggedEvent } from './organizer.events';
import { FileHistoryService } from './file-history.service';
import { NamingContextRepository, type NamingRow } from './naming-context.repository';
import type { RetagBookResource, TagDifference } from './rename.resource';

export interface RetagPlan {
  row: NamingRow;
  wanted: AudioTagValues;
  changes: TagDifference[];
}

/** The tags an audiobook file should carry, from the catalogue. */
export function wantedTags(row: NamingRow): AudioTagValues {
  const released = row.editionReleaseDate ?? row.bookReleaseDate;
  return {
    title: row.editionTitle || row.bookTitle,
    album: row.editionTitle || row.bookTitle,
    artist: row.authorName,
    albumArtist: row.authorName,
    year: released ? String(new Date(released).getUTCFullYear()) : undefined,
    trackNumber: (row.partCount ?? 1) > 1 ? String(row.part ?? 1) : undefined,
  };
}

/** What was written to one file, for the listeners (notifications' onBookRetag). */
function retaggedEvent({ row, changes }: RetagPlan, scrubbed: boolean): BookFileRetaggedEvent {
  return new BookFileRetaggedEvent({
    author: { id: row.authorId, name: row.authorName, path: row.authorPath, foreignAuthorId: row.foreignAuthorId },
    book: { id: row.bookId, title: row.editionTitle || row.bookTitle, foreignBookId: row.foreignBookId },
    bookFile: {
      id: row.bookFileId!,
      path: row.path!,
      qualityId: row.qualityId ?? 0,
      qualityRevision: row.qualityRevision,
      releaseGroup: row.releaseGroup,
      sceneName: row.sceneName,
      size: Number(row.size ?? 0),
      dateAdded: row.dateAdded,
    },
    changes: changes.map((change) => ({
      field: change.field ?? '',
      oldValue: change.oldValue ?? '',
      newValue: change.newValue ?? '',
    })),
    scrubbed,
  });
}

/**
 * Retag preview and RetagFiles/RetagAuthor. Only formats `TagWriter` can write (MP3) are planned; ebooks and
 * M4B/FLAC files are left out of the preview and never touched.
 */
@Injectable()
export class RetagService {
  private readonly logger = new Logger(RetagService.name);

  constructor(
    private readonly rows: NamingContextRepository,
    private readonly writer: TagWriter,
    private readonly history: FileHistoryService,
    private readonly events: DomainEvents,
  ) {}

  async plan(filter: { authorIds?: number[]; bookIds?: number[]; bookFileIds?: number[] }): Promise<RetagPlan[]> {
    const plans: RetagPlan[] = [];
    for (const row of await this.rows.filesOf(filter)) {
      if (row.mediaKind !== 'audio' || !row.path || !this.writer.supports(row.path)) continue;
      let current: AudioTagValues;
      try {
        current = await this.writer.read(row.path);
      } catch (error) {
        this.logger.warn(`Could not read tags of '${row.path}': ${(error as Error).message}`);
        continue;
      }
      const wanted = wantedTags(row);
      const changes = AUDIO_TAG_FIELDS.flatMap((field) => {
        const newValue = wanted[field];
        if (newValue === undefined || (current[field] ?? '') === newValue) return [];
        return [{ field, oldValue: current[field] ?? '', newValue }];
      });
      if (changes.length) plans.push({ row, wanted, changes });
    }
    return plans;
  }

  async preview(authorId: number | undefined, bookId: number | undefined): Promise<RetagBookResource[]> {
    if (authorId === undefined) throw new BadRequestError('BadRequest: authorId is required');
    const plans = await this.plan({ authorIds: [authorId], bookIds: bookId === undefined ? undefined : [bookId] });
    return plans.map((plan) => ({
      authorId: plan.row.authorId,
      bookId: plan.row.bookId,
      trackNumbers: (plan.row.partCount ?? 1) > 1 ? [plan.row.part ?? 1] : [],
      bookFileId: plan.row.bookFileId!,
      path: plan.row.path!,
      changes: plan.changes,
    }));
  }

  /** Writes each plan's tags; `scrub` removes every earlier tag first (`scrubAudioTags`). */
  async execute(
    plans: RetagPlan[],
    progress?: (message: string) => Promise<void>,
    options: { scrub?: boolean } = {},
  ): Promise<number> {
    let written = 0;
    const scrubbed = options.scrub === true;
    for (const plan of plans) {
      try {
        if (scrubbed) await this.writer.scrub(plan.row.path!);
        await this.writer.write(plan.row.path!, plan.wanted);
        await this.history.record({
          eventType: 'bookFileRetagged',
          authorId: plan.row.authorId,
          bookId: plan.row.bookId,
          sourceTitle: plan.row.path!,
          quality: qualityModel(plan.row.qualityId ?? 0, plan.row.qualityRevision ?? undefined),
          data: {
            path: plan.row.path!,
            diff: JSON.stringify(plan.changes),
            tagsScrubbed: scrubbed ? 'True' : 'False',
          },
        });
        this.events.emit(BookFileRetaggedEvent.NAME, retaggedEvent(plan, scrubbed));
        written++;
        await progress?.(`Retagged ${written} of ${plans.length} files`);
      } catch (error) {
        this.logger.warn(`Could not write tags to '${plan.row.path}': ${(error as Error).message}`);
      }
    }
    return written;
  }
}
