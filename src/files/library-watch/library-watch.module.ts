import { Module } from '@nestjs/common';
import { RootFolderModule } from '../../library/root-folder/root-folder.module';
import { LibraryWatchCheck } from './library-watch.check';
import { LibraryWatcherService } from './library-watcher.service';
import { WatchRescans } from './watch-rescans';

/** `watchLibraryForChanges`: changes under the root folders rescan the author folders they are in. */
@Module({
  imports: [RootFolderModule],
  providers: [LibraryWatcherService, WatchRescans, LibraryWatchCheck],
  exports: [LibraryWatcherService],
})
export class LibraryWatchModule {}
