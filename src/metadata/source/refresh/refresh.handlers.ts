import { Injectable, Logger } from '@nestjs/common';
import { BookCatalogueRepository } from '../../../library/book/book-catalogue.repository';
import {
  CommandContext,
  CommandHandler,
  CommandHandlerInstance,
} from '../../../platform/command/command-handler.decorator';
import { MetadataNotReadyError } from '../metadata-source';
import { ChangedAuthorSelector } from './changed-authors';
import { NotReadyRetries } from './not-ready-retries';
import { RefreshAuthorService } from './refresh-author.service';
import { RefreshBookService } from './refresh-book.service';
import { RescanAfterRefreshService } from './rescan-after-refresh';

/** Queues the refresh of one id again when the source is still loading it; returns the message to report. */
type OnNotReady = (id: number, error: MetadataNotReadyError) => string;

/**
 * Runs `work` for each id; one failure does not stop the others, but fails the command at the end. An id the
 * source is still loading is no failure: nothing changed, and `onNotReady` queues it again for later.
 */
async function forEach(
  ids: number[],
  label: string,
  context: CommandContext,
  work: (id: number) => Promise<unknown>,
  onNotReady: OnNotReady,
): Promise<string> {
  const failures: string[] = [];
  const loading: string[] = [];
  for (const [index, id] of ids.entries()) {
    if (ids.length > 1) await context.progress(`${label} ${index + 1} of ${ids.length}`);
    try {
      await work(id);
    } catch (error) {
      if (error instanceof MetadataNotReadyError) loading.push(onNotReady(id, error));
      else failures.push((error as Error).message);
    }
  }
  if (failures.length === 1 && ids.length === 1) throw new Error(failures[0]);
  if (failures.length) throw new Error(`${failures.length} of ${ids.length} failed: ${failures.join(' | ')}`);
  if (loading.length === 1 && ids.length === 1) return loading[0];
  if (loading.length) return `Completed; ${loading.length} of ${ids.length} still loading: ${loading.join(' | ')}`;
  return 'Completed';
}

function attemptOf(body: object): number {
  const attempt = (body as { notReadyAttempt?: unknown }).notReadyAttempt;
  return typeof attempt === 'number' && attempt > 0 ? attempt : 0;
}

/** Runs the refresh, then the rescan it may call for, also when some authors failed (as Readarr). */
async function rescanAfter(refresh: () => Promise<string>, rescan: () => Promise<void>): Promise<string> {
  try {
    return await refresh();
  } finally {
    await rescan();
  }
}

interface RefreshAuthorBody {
  authorId?: number;
  isNewAuthor?: boolean;
  /** Set on scheduled runs: the previous run's end and start. */
  lastExecutionTime?: unknown;
  lastStartTime?: unknown;
}

@CommandHandler('RefreshAuthor', { sendUpdatesToClient: true })
@Injectable()
export class RefreshAuthorHandler implements CommandHandlerInstance<RefreshAuthorBody> {
  private readonly logger = new Logger(RefreshAuthorHandler.name);
  constructor(
    private readonly refresher: RefreshAuthorService,
    private readonly selector: ChangedAuthorSelector,
    private readonly retries: NotReadyRetries,
    private readonly rescan: RescanAfterRefreshService,
  ) {}

  async execute(body: RefreshAuthorBody, context: CommandContext): Promise<string> {
    const selection = body.authorId
      ? { ids: [body.authorId] }
      : await this.selector.select(context.trigger, body.lastExecutionTime, body.lastStartTime);
    if (!body.authorId) this.logger.log(selection.note ?? `Refreshing all ${selection.ids.length} authors`);
    const isNewAuthor = !!body.isNewAuthor && !!body.authorId;
    let updated = false;
    const message = await rescanAfter(
      () =>
        forEach(
          selection.ids,
          'Refreshing author',
          context,
          async (id) => {
            const result = await this.refresher.refresh(id, isNewAuthor, (message) => context.progress(message));
            updated ||= result.changedRows > 0;
          },
          (id, error) =>
            this.retries.schedule(
              'RefreshAuthor',
              { authorId: id, isNewAuthor },
              error,
              body.authorId ? attemptOf(body) : 0,
            ),
        ),
      // Readarr scans every author's folder after a refresh of them all, not only the refreshed ones': here every root folder.
      () => this.rescan.afterRefresh(body.authorId ? selection.ids : 'all', isNewAuthor, context.trigger, updated),
    );
    return selection.note ? `${message}; ${selection.note}` : message;
  }
}

@CommandHandler('BulkRefreshAuthor', { sendUpdatesToClient: true })
@Injectable()
export class BulkRefreshAuthorHandler implements CommandHandlerInstance<{
  authorIds?: number[];
  areNewAuthors?: boolean;
}> {
  constructor(
    private readonly refresher: RefreshAuthorService,
    private readonly retries: NotReadyRetries,
    private readonly rescan: RescanAfterRefreshService,
  ) {}

  execute(body: { authorIds?: number[]; areNewAuthors?: boolean }, context: CommandContext): Promise<string> {
    const isNewAuthor = !!body.areNewAuthors;
    const ids = body.authorIds ?? [];
    let updated = false;
    return rescanAfter(
      () =>
        forEach(
          ids,
          'Refreshing author',
          context,
          async (id) => {
            const result = await this.refresher.refresh(id, isNewAuthor, (message) => context.progress(message));
            updated ||= result.changedRows > 0;
          },
          (id, error) => this.retries.schedule('RefreshAuthor', { authorId: id, isNewAuthor }, error, 0),
        ),
      () => this.rescan.afterRefresh(ids, isNewAuthor, context.trigger, updated),
    );
  }
}

@CommandHandler('RefreshBook', { sendUpdatesToClient: true })
@Injectable()
export class RefreshBookHandler implements CommandHandlerInstance<{ bookId?: number }> {
  constructor(
    private readonly refresher: RefreshBookService,
    private readonly retries: NotReadyRetries,
    private readonly books: BookCatalogueRepository,
  ) {}

  async execute(body: { bookId?: number }, context: CommandContext): Promise<string> {
    const ids = body.bookId ? [body.bookId] : await this.books.allIds();
    return forEach(
      ids,
      'Refreshing book',
      context,
      (id) => this.refresher.refresh(id),
      (id, error) => this.retries.schedule('RefreshBook', { bookId: id }, error, body.bookId ? attemptOf(body) : 0),
    );
  }
}

@CommandHandler('BulkRefreshBook', { sendUpdatesToClient: true })
@Injectable()
export class BulkRefreshBookHandler implements CommandHandlerInstance<{ bookIds?: number[] }> {
  constructor(
    private readonly refresher: RefreshBookService,
    private readonly retries: NotReadyRetries,
  ) {}

  execute(body: { bookIds?: number[] }, context: CommandContext): Promise<string> {
    return forEach(
      body.bookIds ?? [],
      'Refreshing book',
      context,
      (id) => this.refresher.refresh(id),
      (id, error) => this.retries.schedule('RefreshBook', { bookId: id }, error, 0),
    );
  }
}
