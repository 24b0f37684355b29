import { Injectable } from '@nestjs/common';
import { AuthorQueryService } from '../../library/author/author-query.service';
import { BookQueryService } from '../../library/book/book-query.service';
import { BookFileService } from '../../library/book-file/book-file.service';
import { CommandQueueService, toCommandResource } from '../../platform/command';
import { QueueService } from '../../acquisition/queue/queue.service';
import { RootFolderViews } from '../../library/root-folder/root-folder.views';

type Builder = (id?: number) => Promise<unknown>;

/**
 * Builds a pushed resource exactly as the REST endpoint of the same name answers it, through the
 * features' own read services and mappers.
 */
@Injectable()
export class PushResourcesService {
  private readonly builders: Record<string, Builder>;

  constructor(
    authors: AuthorQueryService,
    books: BookQueryService,
    bookFiles: BookFileService,
    commands: CommandQueueService,
    queue: QueueService,
    rootFolderViews: RootFolderViews,
  ) {
    this.builders = {
      author: (id) => authors.resource(required(id)),
      book: (id) => books.resource(required(id)),
      bookfile: (id) => bookFiles.resource(required(id)),
      command: async (id) => toCommandResource(await commands.get(required(id))),
      rootfolder: async (id) => rootFolderViews.resource(required(id)),
      'queue/status': () => queue.status(),
      'wanted/missing': (id) => books.resource(required(id), false),
      'wanted/cutoff': (id) => books.resource(required(id), false),
    };
  }

  /** Whether resources of this name can be built here (otherwise only `sync` is pushed for it). */
  canBuild(name: string): boolean {
    return name in this.builders;
  }

  build(name: string, id?: number): Promise<unknown> {
    const builder = this.builders[name];
    if (!builder) return Promise.reject(new Error(`No live-push resource named '${name}'`));
    return builder(id);
  }
}

function required(id: number | undefined): number {
  if (id === undefined) throw new Error('This resource is pushed by id');
  return id;
}
