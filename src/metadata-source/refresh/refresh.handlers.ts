import { Injectable, Logger } from '@nestjs/common';
import { CommandContext, CommandHandler, CommandHandlerInstance } from '../../command/command-handler.decorator';
import { RefreshAuthorService } from './refresh-author.service';
import { RefreshBookService } from './refresh-book.service';

/** Runs `work` for each id; one failure does not stop the others, but fails the command at the end. */
async function forEach(
  ids: number[],
  label: string,
  context: CommandContext,
  work: (id: number) => Promise<unknown>,
): Promise<string> {
  const failures: string[] = [];
  for (const [index, id] of ids.entries()) {
    if (ids.length > 1) await context.progress(`${label} ${index + 1} of ${ids.length}`);
    try {
      await work(id);
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  if (failures.length === 1 && ids.length === 1) throw new Error(failures[0]);
  if (failures.length) throw new Error(`${failures.length} of ${ids.length} failed: ${failures.join(' | ')}`);
  return 'Completed';
}

@CommandHandler('RefreshAuthor', { sendUpdatesToClient: true })
@Injectable()
export class RefreshAuthorHandler implements CommandHandlerInstance<{ authorId?: number; isNewAuthor?: boolean }> {
  private readonly logger = new Logger(RefreshAuthorHandler.name);
  constructor(private readonly refresher: RefreshAuthorService) {}

  async execute(body: { authorId?: number; isNewAuthor?: boolean }, context: CommandContext): Promise<string> {
    const ids = body.authorId ? [body.authorId] : await this.refresher.allAuthorIds();
    if (!body.authorId) this.logger.log(`Refreshing all ${ids.length} authors`);
    return forEach(ids, 'Refreshing author', context, (id) =>
      this.refresher.refresh(id, !!body.isNewAuthor && !!body.authorId, (message) => context.progress(message)),
    );
  }
}

@CommandHandler('BulkRefreshAuthor', { sendUpdatesToClient: true })
@Injectable()
export class BulkRefreshAuthorHandler implements CommandHandlerInstance<{
  authorIds?: number[];
  areNewAuthors?: boolean;
}> {
  constructor(private readonly refresher: RefreshAuthorService) {}

  execute(body: { authorIds?: number[]; areNewAuthors?: boolean }, context: CommandContext): Promise<string> {
    return forEach(body.authorIds ?? [], 'Refreshing author', context, (id) =>
      this.refresher.refresh(id, !!body.areNewAuthors, (message) => context.progress(message)),
    );
  }
}

@CommandHandler('RefreshBook', { sendUpdatesToClient: true })
@Injectable()
export class RefreshBookHandler implements CommandHandlerInstance<{ bookId?: number }> {
  constructor(private readonly refresher: RefreshBookService) {}

  async execute(body: { bookId?: number }, context: CommandContext): Promise<string> {
    const ids = body.bookId ? [body.bookId] : await this.refresher.allBookIds();
    return forEach(ids, 'Refreshing book', context, (id) => this.refresher.refresh(id));
  }
}

@CommandHandler('BulkRefreshBook', { sendUpdatesToClient: true })
@Injectable()
export class BulkRefreshBookHandler implements CommandHandlerInstance<{ bookIds?: number[] }> {
  constructor(private readonly refresher: RefreshBookService) {}

  execute(body: { bookIds?: number[] }, context: CommandContext): Promise<string> {
    return forEach(body.bookIds ?? [], 'Refreshing book', context, (id) => this.refresher.refresh(id));
  }
}
