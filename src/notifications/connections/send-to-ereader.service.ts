import { Injectable } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { bookFileFormat, bookFileMediaType } from '../../platform/common/book-formats';
import { BadRequestError } from '../../platform/common/errors/domain-errors';
import type { EmailAttachment } from '../hub/channels/email.channel';
import { NotificationDispatcher } from '../hub/dispatcher.service';
import { qualityById } from '../../library/profile/quality/quality';
import { chooseEReaderFile, EReaderChoice, EReaderFile } from './ereader-file-choice';
import { NotificationService } from './notification.service';
import { EREADER_ATTACHMENT } from './send-to-ereader.connection';
import { EReaderCandidateRow, SendToEReaderRepository } from './send-to-ereader.repository';
import { SendToEReaderSettings } from './send-to-ereader.settings';

export const SEND_TO_EREADER = 'SendToEReader';

/** What happened to one book: sent (first attempt accepted), queued for a retry, or why it was not sent. */
export interface EReaderBookReport {
  bookId: number;
  title: string;
  outcome: 'sent' | 'retrying' | 'notSent';
  message: string;
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function reason(choice: Exclude<EReaderChoice, { kind: 'send' }>, settings: SendToEReaderSettings): string {
  switch (choice.kind) {
    case 'noFile':
      return 'no file in the library';
    case 'noFormat':
      return `no file in an acceptable format (${settings.formats.join(', ')}); it has ${choice.available.join(', ')}`;
    case 'tooLarge':
      return `${choice.file.format} is too large (${megabytes(choice.file.size)} > ${settings.maxSizeMB} MB)`;
    case 'missing':
      return `the ${choice.file.format} file is missing on disk`;
  }
}

/**
 * Picks the best acceptable file of each book for a SendToEReader connection and sends it through the hub's
 * durable dispatcher (one stored notification per book, attachment by file reference). Files over the size
 * limit or in no acceptable format are reported, not sent.
 */
@Injectable()
export class SendToEReaderService {
  constructor(
    private readonly repository: SendToEReaderRepository,
    private readonly notifications: NotificationService,
    private readonly dispatcher: NotificationDispatcher,
  ) {}

  async send(
    connectionId: number,
    request: { bookIds?: number[]; bookFileIds?: number[] },
  ): Promise<EReaderBookReport[]> {
    const definition = await this.notifications.require(connectionId);
    const resolved = definition.implementation === SEND_TO_EREADER ? this.notifications.resolve(definition) : undefined;
    if (!resolved)
      throw new BadRequestError(`Connection ${connectionId} (${definition.name}) is not a Send to E-Reader`);
    const settings = resolved.settings as SendToEReaderSettings;
    const rows = request.bookFileIds?.length
      ? await this.repository.files(request.bookFileIds)
      : await this.repository.filesOfBooks(request.bookIds ?? []);
    const reports: EReaderBookReport[] = [];
    for (const [bookId, bookRows] of groupByBook(rows)) {
      const files = await Promise.all(bookRows.filter((row) => row.fileId !== null).map(onDisk));
      const choice = chooseEReaderFile(files, settings.formats, settings.maxSizeMB * 1024 * 1024);
      const title = bookRows[0].title;
      if (choice.kind !== 'send') {
        reports.push({
          bookId,
          title,
          outcome: 'notSent',
          message: `'${title}': not sent, ${reason(choice, settings)}`,
        });
        continue;
      }
      reports.push(await this.dispatch(connectionId, settings, bookRows[0], choice.file));
    }
    const found = new Set(rows.map((row) => (request.bookFileIds?.length ? row.fileId : row.bookId)));
    for (const id of request.bookFileIds?.length ? request.bookFileIds : (request.bookIds ?? []))
      if (!found.has(id)) {
        const what = request.bookFileIds?.length ? `book file ${id}` : `book ${id}`;
        reports.push({ bookId: 0, title: '', outcome: 'notSent', message: `${what}: not sent, it does not exist` });
      }
    return reports;
  }

  private async dispatch(
    connectionId: number,
    settings: SendToEReaderSettings,
    book: EReaderCandidateRow,
    file: EReaderFile & { size: number },
  ): Promise<EReaderBookReport> {
    const attachment: EmailAttachment = {
      path: file.path,
      filename: basename(file.path),
      contentType: bookFileMediaType(file.path),
    };
    const result = await this.dispatcher.dispatchToConnections(
      {
        sourceAgent: 'quire',
        title: book.title,
        body: `**${book.title}** by ${book.authorName}, sent by Quire (${file.format}, ${megabytes(file.size)}).`,
        priority: 'normal',
        metadata: {
          eventType: 'sendToEReader',
          bookId: book.bookId,
          bookFileId: file.fileId,
          [EREADER_ATTACHMENT]: attachment,
        },
      },
      [{ connectionId, connectionPart: 0, channel: 'email' }],
    );
    const what = `${file.format} '${attachment.filename}' (${megabytes(file.size)}) to ${settings.email}`;
    if (result.status === 'ok')
      return { bookId: book.bookId, title: book.title, outcome: 'sent', message: `'${book.title}': sent ${what}` };
    return {
      bookId: book.bookId,
      title: book.title,
      outcome: 'retrying',
      message: `'${book.title}': ${what} not accepted at the first attempt; see GET /notifications/${result.notification_id} (transient failures are retried)`,
    };
  }
}

function groupByBook(rows: EReaderCandidateRow[]): Map<number, EReaderCandidateRow[]> {
  const books = new Map<number, EReaderCandidateRow[]>();
  for (const row of rows) books.set(row.bookId, [...(books.get(row.bookId) ?? []), row]);
  return books;
}

async function onDisk(row: EReaderCandidateRow): Promise<EReaderFile> {
  const info = await stat(row.path!).catch(() => undefined);
  return {
    fileId: row.fileId!,
    path: row.path!,
    format: bookFileFormat(row.path!, qualityById(row.qualityId ?? 0)?.name ?? 'Unknown'),
    size: info?.isFile() ? info.size : undefined,
  };
}
