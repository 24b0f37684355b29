import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { watch, type FSWatcher } from 'chokidar';
import type { Stats } from 'node:fs';
import { join } from 'node:path';
import { RootFolderRepository } from '../../library/root-folder/root-folder.repository';
import {
  RootFolderAddedEvent,
  RootFolderDeletedEvent,
  RootFolderEditedEvent,
} from '../../library/root-folder/root-folder.events';
import { OnDomainEvent } from '../../platform/common/events/domain-events';
import { EnvService } from '../../platform/env/env.service';
import { MediaManagementConfigService } from '../../platform/settings/media-management/media-management-config.service';
import { MediaManagementConfigSavedEvent } from '../../platform/settings/media-management/media-management-config.events';
import { ChangeBatcher } from './change-batcher';
import { countFoldersByDepth, depthThatFits, readWatchLimit } from './watch-budget';
import { WatchRescans } from './watch-rescans';

/** A copy that never pauses is still rescanned this often. */
const MAX_WAIT_MS = 60_000;

export interface WatchStatus {
  /** Root folders being watched. */
  roots: string[];
  /** Folders below and including the roots (one inotify watch each when all are watched). */
  folders: number;
  /** Folders actually watched. */
  watchedFolders: number;
  /** `fs.inotify.max_user_watches`, when readable. */
  limit?: number;
  /** Set when only the folders up to this many levels below the roots are watched. */
  depth?: number;
  /** The kernel refused a watch (the limit was used up by Quire and other programs together). */
  exhausted: boolean;
  /** How long the last start took until every folder was watched. */
  startMs?: number;
}

const IDLE: WatchStatus = { roots: [], folders: 0, watchedFolders: 0, exhausted: false };

/**
 * Readarr's RootFolderWatchingService: while `watchLibraryForChanges` is on, every root folder is watched and a
 * change below it rescans the author folder it is in. Only folders are watched (inotify reports their entries),
 * never files, so a library costs one watch per folder; when the kernel's limit is lower than that, the folders
 * nearest the roots are watched and the health check says so.
 */
@Injectable()
export class LibraryWatcherService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LibraryWatcherService.name);
  private readonly batcher: ChangeBatcher;
  private watcher?: FSWatcher;
  private current: WatchStatus = IDLE;
  private syncing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly rootFolders: RootFolderRepository,
    private readonly mediaManagement: MediaManagementConfigService,
    private readonly rescans: WatchRescans,
    env: EnvService,
  ) {
    this.batcher = new ChangeBatcher(env.get('LIBRARY_WATCH_DEBOUNCE_MS'), MAX_WAIT_MS, (changes) => {
      this.rescans.queue(changes).catch((error) => this.logger.warn(`Rescan after changes failed: ${error}`));
    });
  }

  status(): WatchStatus {
    return { ...this.current, roots: [...this.current.roots] };
  }

  /** Starting to watch a large library takes a while: it happens in the background, not before the app serves. */
  onApplicationBootstrap(): void {
    void this.sync();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.syncing;
    await this.stop();
  }

  @OnDomainEvent(RootFolderAddedEvent.NAME)
  onRootFolderAdded(): Promise<void> {
    return this.sync();
  }

  @OnDomainEvent(RootFolderEditedEvent.NAME)
  onRootFolderEdited(): Promise<void> {
    return this.sync();
  }

  @OnDomainEvent(RootFolderDeletedEvent.NAME)
  onRootFolderDeleted(): Promise<void> {
    return this.sync();
  }

  @OnDomainEvent(MediaManagementConfigSavedEvent.NAME)
  onSettingsSaved(): Promise<void> {
    return this.sync();
  }

  /** Brings the watched roots in line with the settings and root folders; calls run one after another. */
  sync(): Promise<void> {
    this.syncing = this.syncing
      .then(() => this.apply())
      .catch((error) => this.logger.warn(`Watching the library failed: ${(error as Error).message}`));
    return this.syncing;
  }

  private async apply(): Promise<void> {
    if (this.closed) return;
    const config = await this.mediaManagement.load();
    const roots = config.watchLibraryForChanges
      ? (await this.rootFolders.paths()).map((path) => path.replace(/\/+$/, '') || '/')
      : [];
    if (this.watcher && roots.join('\n') === this.current.roots.join('\n')) return;
    await this.stop();
    if (roots.length === 0 || this.closed) return;
    await this.start(roots, config.recycleBin.replace(/\/+$/, ''));
  }

  private async start(roots: string[], recycleBin: string): Promise<void> {
    const started = Date.now();
    const skip = (path: string) => Boolean(recycleBin) && path === recycleBin;
    const [limit, levels] = await Promise.all([readWatchLimit(), countFoldersByDepth(roots, skip)]);
    const folders = levels.reduce((sum, count) => sum + count, 0);
    const depth = limit === undefined ? undefined : depthThatFits(levels, limit);
    const status: WatchStatus = { roots, folders, watchedFolders: folders, limit, exhausted: false };
    if (depth !== undefined) {
      status.depth = depth;
      status.watchedFolders = levels.slice(0, depth + 1).reduce((sum, count) => sum + count, 0);
      this.logger.warn(
        `fs.inotify.max_user_watches (${limit}) is below the ${folders} folders of the library: ` +
          (depth < 0 ? 'not watching it' : `watching ${status.watchedFolders} folders up to ${depth} levels deep`),
      );
    }
    this.current = status;
    if (depth !== undefined && depth < 0) return;

    const watcher = watch(roots, {
      ignoreInitial: true,
      persistent: true,
      // chokidar counts depth as we do: 0 is the root folder alone.
      depth,
      // Files are never watched one by one: the folder's own watch reports their changes ("raw" below).
      ignored: (path: string, stats?: Stats) =>
        Boolean(stats && !stats.isDirectory()) || skip(path) || /(^|\/)\.[^/]*$/.test(path),
    });
    watcher.on('raw', (_event, name, details) => {
      const folder = (details as { watchedPath?: string } | undefined)?.watchedPath;
      if (!name || !folder) return;
      const root = roots.find((r) => folder === r || folder.startsWith(r === '/' ? '/' : `${r}/`));
      if (root) this.batcher.add({ path: join(folder, name), root });
    });
    watcher.on('error', (error) => this.onError(error as NodeJS.ErrnoException));
    this.watcher = watcher;
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
    status.startMs = Date.now() - started;
    this.logger.log(`Watching ${status.watchedFolders} folders in ${roots.length} root folder(s)`);
  }

  private onError(error: NodeJS.ErrnoException): void {
    if (error.code === 'ENOSPC') {
      if (!this.current.exhausted) this.logger.warn('The inotify watch limit ran out while watching the library');
      this.current = { ...this.current, exhausted: true };
      return;
    }
    this.logger.warn(`Watching the library: ${error.message}`);
  }

  private async stop(): Promise<void> {
    this.batcher.clear();
    const watcher = this.watcher;
    this.watcher = undefined;
    this.current = IDLE;
    if (watcher) await watcher.close();
  }
}
