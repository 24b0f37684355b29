import { Injectable } from '@nestjs/common';
import { diskInfo } from './root-folder-disk';
import { RootFolder } from './root-folder.entity';
import { toRootFolderResource } from './root-folder.mapper';
import { RootFolderResource } from './root-folder.resource';
import { RootFolderService } from './root-folder.service';

/** Root folders as the API shows them: with disk space, accessibility and unmapped folders. */
@Injectable()
export class RootFolderViews {
  constructor(private readonly folders: RootFolderService) {}

  async list(): Promise<RootFolderResource[]> {
    return Promise.all((await this.folders.findAll()).map((folder) => this.detailed(folder)));
  }

  /** One root folder as `GET /rootfolder/{id}` answers it. */
  async resource(id: number): Promise<RootFolderResource> {
    return this.detailed(await this.folders.findById(id));
  }

  async detailed(folder: RootFolder): Promise<RootFolderResource> {
    const [disk, unmapped] = await Promise.all([diskInfo(folder.path), this.folders.unmappedFolders(folder)]);
    return toRootFolderResource(folder, disk, unmapped);
  }
}
