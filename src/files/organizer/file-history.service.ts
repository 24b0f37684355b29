import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { HistoryRecordedEvent } from '../../acquisition/history/history.events';
import { HistoryRepository } from '../../acquisition/history/history.repository';
import { EntityHistoryEventType, type EntityHistoryEventTypeName } from '../../acquisition/history/history.resource';
import type { QualityModelValue } from '../../acquisition/parser/quality-model';

export interface FileHistoryInput {
  eventType: Extract<
    EntityHistoryEventTypeName,
    'bookFileImported' | 'downloadImported' | 'bookImportIncomplete' | 'bookFileRenamed' | 'bookFileRetagged'
  >;
  authorId: number;
  bookId: number | null;
  sourceTitle: string;
  quality: QualityModelValue;
  downloadId?: string | null;
  data: Record<string, string | undefined>;
}

/** Records the history rows of file events (import, rename, retag) through the history feature's repository. */
@Injectable()
export class FileHistoryService {
  constructor(
    private readonly history: HistoryRepository,
    private readonly events: DomainEvents,
  ) {}

  async record(input: FileHistoryInput): Promise<void> {
    const data = Object.fromEntries(
      Object.entries(input.data).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    await this.history.record([
      {
        authorId: input.authorId,
        bookId: input.bookId,
        sourceTitle: input.sourceTitle,
        quality: input.quality,
        downloadId: input.downloadId ?? null,
        eventType: EntityHistoryEventType.toNumber(input.eventType),
        data,
      },
    ]);
    this.events.emit(HistoryRecordedEvent.NAME, new HistoryRecordedEvent([input.eventType]));
  }
}
