import { Injectable } from '@nestjs/common';
import {
  HealthCheck,
  HealthCheckResult,
  healthResult,
  RegisterHealthCheck,
} from '../../platform/common/health/health-check';
import { LibraryWatcherService } from './library-watcher.service';

/** Room for the watches of other programs of the same user (editors, sync clients, other servers). */
const HEADROOM = 8192;

/**
 * Watching the library takes one inotify watch per folder; this warns when `fs.inotify.max_user_watches` is lower
 * than that (part of the library is then not watched) or ran out while watching.
 */
@RegisterHealthCheck()
@Injectable()
export class LibraryWatchCheck implements HealthCheck {
  readonly source = 'LibraryWatchCheck';

  constructor(private readonly watcher: LibraryWatcherService) {}

  async check(): Promise<HealthCheckResult[]> {
    const status = this.watcher.status();
    if (status.roots.length === 0) return [];
    const needed = status.folders + HEADROOM;
    const raise =
      `Raise fs.inotify.max_user_watches to at least ${needed} ` +
      `(sysctl -w fs.inotify.max_user_watches=${needed}, and the same line in /etc/sysctl.d/ to keep it).`;
    if (status.depth !== undefined) {
      const watched =
        status.depth < 0
          ? 'so the library is not watched for changes'
          : `so only the ${status.watchedFolders} folders up to ${status.depth} level(s) below the root folders are ` +
            'watched; changes deeper down wait for the next rescan';
      return [
        healthResult(
          this.source,
          'warning',
          `The inotify watch limit (${status.limit}) is lower than the ${status.folders} folders of the library, ` +
            `${watched}. ${raise}`,
        ),
      ];
    }
    if (status.exhausted)
      return [
        healthResult(
          this.source,
          'warning',
          `The inotify watch limit${status.limit ? ` (${status.limit})` : ''} ran out while watching the ` +
            `${status.folders} folders of the library (other programs use watches too); some changes are not ` +
            `noticed until the next rescan. ${raise}`,
        ),
      ];
    return [];
  }
}
