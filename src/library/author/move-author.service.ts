import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { AuthorDiskService } from './author-disk.service';
import type { Author } from './author.entity';
import { AuthorEditedEvent } from './author.events';
import { AuthorRepository } from './author.repository';

/** Saves an edited author, moving its folder on disk first when asked (Readarr's MoveAuthorService). */
@Injectable()
export class MoveAuthorService {
  constructor(
    private readonly repository: AuthorRepository,
    private readonly disk: AuthorDiskService,
    private readonly events: DomainEvents,
  ) {}

  /** Saves an author whose path may have changed; the folder moves back when the save fails. */
  async saveWithMove(author: Author, previousPath: string, moveFiles: boolean): Promise<void> {
    const moved = moveFiles && previousPath !== author.path && (await this.disk.moveFolder(previousPath, author.path));
    try {
      await this.repository.saveMoved(author, moved ? previousPath : undefined);
    } catch (error) {
      if (moved) await this.disk.moveFolder(author.path, previousPath);
      throw error;
    }
    this.events.emit(AuthorEditedEvent.NAME, new AuthorEditedEvent(author, previousPath));
  }
}
