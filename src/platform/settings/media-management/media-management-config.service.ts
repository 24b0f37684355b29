import { Injectable } from '@nestjs/common';
import { access, constants, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { failure, ValidationError, ValidationFailure } from '../../common/errors/domain-errors';
import { DomainEvents } from '../../common/events/domain-events';
import { ConfigStore } from '../../database/config-store.service';
import { ConfigSectionService } from '../config-section.service';
import {
  MEDIA_MANAGEMENT_CONFIG_DEFAULTS,
  MEDIA_MANAGEMENT_CONFIG_KEY,
  MediaManagementConfig,
} from './media-management-config';
import { MediaManagementConfigSavedEvent } from './media-management-config.events';
import { MEDIA_MANAGEMENT_CONFIG_INVENTORY } from '../settings.inventory';

@Injectable()
export class MediaManagementConfigService extends ConfigSectionService<MediaManagementConfig> {
  protected readonly key = MEDIA_MANAGEMENT_CONFIG_KEY;
  protected readonly defaults = MEDIA_MANAGEMENT_CONFIG_DEFAULTS;
  protected readonly inventory = MEDIA_MANAGEMENT_CONFIG_INVENTORY;

  constructor(
    store: ConfigStore,
    private readonly events: DomainEvents,
  ) {
    super(store);
  }

  /** The library watcher starts or stops at once when `watchLibraryForChanges` changes. */
  protected afterUpdate(next: MediaManagementConfig): void {
    this.events.emit(MediaManagementConfigSavedEvent.NAME, new MediaManagementConfigSavedEvent(next));
  }

  protected async validate(next: MediaManagementConfig): Promise<void> {
    const failures: ValidationFailure[] = [];
    if (next.recycleBin) {
      const problem = await folderProblem(next.recycleBin);
      if (problem) failures.push(failure('recycleBin', problem, next.recycleBin, 'PathValidator'));
    }
    if (!/^[0-7]{3,4}$/.test(next.chmodFolder))
      failures.push(failure('chmodFolder', 'Must be a valid octal permission (e.g. 755)', next.chmodFolder));
    if (next.minimumFreeSpaceWhenImporting < 100)
      failures.push(
        failure(
          'minimumFreeSpaceWhenImporting',
          "'Minimum Free Space When Importing' must be greater than or equal to '100'.",
          next.minimumFreeSpaceWhenImporting,
          'GreaterThanOrEqualValidator',
        ),
      );
    if (failures.length) throw new ValidationError(failures);
  }
}

/** Why a folder cannot be used, or undefined when it exists, is a folder and is writable. */
export async function folderProblem(path: string): Promise<string | undefined> {
  if (!isAbsolute(path)) return `Path '${path}' is not an absolute path`;
  try {
    if (!(await stat(path)).isDirectory()) return `Path '${path}' is not a folder`;
  } catch {
    return `Path '${path}' does not exist`;
  }
  try {
    await access(path, constants.W_OK);
  } catch {
    return `Folder '${path}' is not writable by the user Quire runs as`;
  }
  return undefined;
}
