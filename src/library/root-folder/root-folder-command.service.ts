import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../platform/common/events/domain-events';
import { RootFolder } from './root-folder.entity';
import { RootFolderAddedEvent, RootFolderDeletedEvent, RootFolderEditedEvent } from './root-folder.events';
import { RootFolderRepository } from './root-folder.repository';
import { RootFolderResource } from './root-folder.resource';
import { RootFolderService } from './root-folder.service';
import { RootFolderValidator } from './root-folder-validator';

/** Adding, editing and deleting root folders; each change is announced. */
@Injectable()
export class RootFolderCommandService {
  constructor(
    private readonly folders: RootFolderService,
    private readonly validator: RootFolderValidator,
    private readonly repository: RootFolderRepository,
    private readonly events: DomainEvents,
  ) {}

  async create(input: RootFolderResource): Promise<RootFolder> {
    const path = await this.validator.validateNew(input);
    const created = await this.repository.insert({ ...values(input), path });
    this.events.emit(RootFolderAddedEvent.NAME, new RootFolderAddedEvent(created.id));
    return created;
  }

  async update(id: number, input: RootFolderResource): Promise<RootFolder> {
    const folder = await this.folders.findById(id);
    await this.validator.validateEdit(folder, input);
    Object.assign(folder, values(input));
    const saved = await this.repository.save(folder);
    this.events.emit(RootFolderEditedEvent.NAME, new RootFolderEditedEvent(saved.id));
    return saved;
  }

  /** Authors keep their paths; the folder simply stops being a root folder (as in Readarr). */
  async delete(id: number): Promise<void> {
    await this.folders.findById(id);
    await this.repository.delete(id);
    this.events.emit(RootFolderDeletedEvent.NAME, new RootFolderDeletedEvent(id));
  }
}

/** The columns a request sets (the path is set once, on creation). */
function values(input: RootFolderResource): Partial<RootFolder> {
  return {
    name: input.name!.trim(),
    defaultQualityProfileId: input.defaultQualityProfileId!,
    defaultMetadataProfileId: input.defaultMetadataProfileId!,
    defaultMonitorOption: input.defaultMonitorOption ?? 'all',
    defaultNewItemMonitorOption: input.defaultNewItemMonitorOption ?? 'all',
    defaultTags: [...new Set(input.defaultTags ?? [])],
    isCalibreLibrary: false,
    host: input.host ?? null,
    port: input.port ?? null,
    urlBase: input.urlBase ?? null,
    username: input.username ?? null,
    password: input.password ?? null,
    library: input.library ?? null,
    outputFormat: input.outputFormat ?? null,
    outputProfile: input.outputProfile ?? null,
    useSsl: input.useSsl ?? false,
  };
}
