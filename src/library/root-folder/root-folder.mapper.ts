import { DiskInfo } from './root-folder-disk';
import { RootFolder } from './root-folder.entity';
import { RootFolderResource, UnmappedFolder } from './root-folder.resource';

export function toRootFolderResource(
  folder: RootFolder,
  disk?: DiskInfo,
  unmappedFolders?: UnmappedFolder[],
): RootFolderResource {
  return {
    id: folder.id,
    name: folder.name,
    path: folder.path,
    defaultMetadataProfileId: folder.defaultMetadataProfileId,
    defaultQualityProfileId: folder.defaultQualityProfileId,
    defaultMonitorOption: folder.defaultMonitorOption,
    defaultNewItemMonitorOption: folder.defaultNewItemMonitorOption,
    defaultTags: folder.defaultTags,
    isCalibreLibrary: folder.isCalibreLibrary,
    host: folder.host,
    port: folder.port ?? 0,
    urlBase: folder.urlBase,
    username: folder.username,
    password: folder.password,
    library: folder.library,
    outputFormat: folder.outputFormat,
    outputProfile: folder.outputProfile,
    useSsl: folder.useSsl,
    accessible: disk?.accessible ?? false,
    freeSpace: disk?.freeSpace,
    totalSpace: disk?.totalSpace,
    unmappedFolders,
  };
}
