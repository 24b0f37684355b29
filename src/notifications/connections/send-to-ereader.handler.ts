import { Injectable } from '@nestjs/common';
import { CommandHandler, type CommandHandlerInstance } from '../../platform/command/command-handler.decorator';
import { SEND_TO_EREADER, SendToEReaderService } from './send-to-ereader.service';

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.filter(Number.isSafeInteger) : []);

/**
 * `SendToEReader {bookIds, connectionId}` (or `bookFileIds`, as an import queues it): sends each book's best
 * acceptable file; the command's message says, book by book, what was sent and what was not and why.
 */
@Injectable()
@CommandHandler(SEND_TO_EREADER, { sendUpdatesToClient: true })
export class SendToEReaderHandler implements CommandHandlerInstance {
  constructor(private readonly sender: SendToEReaderService) {}

  async execute(body: Record<string, unknown>): Promise<string> {
    const reports = await this.sender.send(Number(body.connectionId), {
      bookIds: ids(body.bookIds),
      bookFileIds: ids(body.bookFileIds),
    });
    const sent = reports.filter((report) => report.outcome === 'sent').length;
    return `Sent ${sent} of ${reports.length}: ${reports.map((report) => report.message).join('; ')}`;
  }
}
