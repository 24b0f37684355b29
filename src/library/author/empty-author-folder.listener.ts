import { Injectable, Logger } from '@nestjs/common';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { MediaManagementConfigService } from '../../platform/settings/media-management/media-management-config.service';
import { AuthorAddedEvent } from './author.events';

/**
 * `createEmptyAuthorFolders`: an added author gets its folder at once, before any file, and keeps it empty. As in
 * the *arr apps, not while `deleteEmptyFolders` is on (that setting would take the empty folder away again), and
 * only inside a root folder that exists: an unmounted disk is never given a fresh folder tree.
 */
@Injectable()
export class EmptyAuthorFolderListener {
  private readonly logger = new Logger(EmptyAuthorFolderListener.name);

  constructor(private readonly mediaManagement: MediaManagementConfigService) {}

  @OnDomainEvent(AuthorAddedEvent.NAME, { async: true, promisify: true })
  async onAuthorAdded(event: AuthorAddedEvent): Promise<void> {
    const folder = event.author.path;
    try {
      const config = await this.mediaManagement.load();
      if (!config.createEmptyAuthorFolders || !folder) return;
      if (config.deleteEmptyFolders) {
        this.logger.debug(`Not creating '${folder}': deleteEmptyFolders would remove it again`);
        return;
      }
      const parent = await stat(dirname(folder)).catch(() => null);
      if (!parent?.isDirectory()) {
        this.logger.warn(`Not creating the author folder '${folder}': its root folder does not exist`);
        return;
      }
      if (await stat(folder).catch(() => null)) return;
      await mkdir(folder);
      if (config.setPermissionsLinux && /^[0-7]{3,4}$/.test(config.chmodFolder))
        await chmod(folder, parseInt(config.chmodFolder, 8));
      this.logger.log(`Created the author folder '${folder}'`);
    } catch (error) {
      this.logger.warn(`Could not create the author folder '${folder}': ${(error as Error).message}`);
    }
  }
}
