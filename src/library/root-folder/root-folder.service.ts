import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { resolve } from 'node:path';
import { Repository } from 'typeorm';
import { failure, NotFoundError, ValidationError, ValidationFailure } from '../../platform/common/errors/domain-errors';
import { normalizePath } from '../../platform/common/path/normalize-path';
import { EnvService } from '../../platform/env/env.service';
import { MetadataProfileService } from '../profile/metadata-profile/metadata-profile.service';
import { QualityProfileService } from '../profile/quality-profile/quality-profile.service';
import { TagService } from '../tag/tag.service';
import {
  isAbsolutePath,
  isDirectory,
  isSameOrInside,
  isWritable,
  subfolders,
  SYSTEM_FOLDERS,
} from './root-folder-disk';
import { RootFolder } from './root-folder.entity';
import { RootFolderRepository } from './root-folder.repository';
import { RootFolderAddedEvent, RootFolderDeletedEvent, RootFolderEditedEvent } from './root-folder.events';
import { RootFolderResource, UnmappedFolder } from './root-folder.resource';

@Injectable()
export class RootFolderService {
  constructor(
    @InjectRepository(RootFolder) private readonly folders: Repository<RootFolder>,
    private readonly qualityProfiles: QualityProfileService,
    private readonly metadataProfiles: MetadataProfileService,
    private readonly tags: TagService,
    private readonly env: EnvService,
    private readonly repository: RootFolderRepository,
    private readonly events: EventEmitter2,
  ) {}

  findAll(): Promise<RootFolder[]> {
    return this.folders.find({ order: { path: 'ASC' } });
  }

  async findById(id: number): Promise<RootFolder> {
    const folder = await this.folders.findOneBy({ id });
    if (!folder) throw new NotFoundError(`Root folder ${id} not found`);
    return folder;
  }

  /** The configured root folder holding `path` (the longest matching one), if any. */
  async bestMatchFor(path: string): Promise<string | undefined> {
    if (!path || !isAbsolutePath(path)) return undefined;
    const target = normalizePath(path);
    return (await this.findAll())
      .map((folder) => folder.path)
      .filter((root) => isSameOrInside(root, target))
      .sort((a, b) => b.length - a.length)[0];
  }

  async create(input: RootFolderResource): Promise<RootFolder> {
    const failures: ValidationFailure[] = [];
    const path = await this.validatePath(input.path, failures);
    await this.validateDefaults(input, failures);
    if (failures.length) throw new ValidationError(failures);
    await this.tags.assertExist(input.defaultTags ?? [], 'defaultTags');
    const created = await this.folders.save(this.folders.create({ ...this.values(input), path }));
    this.events.emit(RootFolderAddedEvent.NAME, new RootFolderAddedEvent(created.id));
    return created;
  }

  async update(id: number, input: RootFolderResource): Promise<RootFolder> {
    const folder = await this.findById(id);
    const failures: ValidationFailure[] = [];
    if (input.path !== undefined && normalizePath(input.path) !== folder.path)
      failures.push(failure('path', 'Root folder path cannot be changed', input.path));
    await this.validateDefaults(input, failures);
    if (failures.length) throw new ValidationError(failures);
    await this.tags.assertExist(input.defaultTags ?? [], 'defaultTags');
    Object.assign(folder, this.values(input));
    const saved = await this.folders.save(folder);
    this.events.emit(RootFolderEditedEvent.NAME, new RootFolderEditedEvent(saved.id));
    return saved;
  }

  /** Authors keep their paths; the folder simply stops being a root folder (as in Readarr). */
  async delete(id: number): Promise<void> {
    await this.findById(id);
    await this.folders.delete(id);
    this.events.emit(RootFolderDeletedEvent.NAME, new RootFolderDeletedEvent(id));
  }

  /** Sub-folders of the root that no author's path points into. */
  async unmappedFolders(folder: RootFolder): Promise<UnmappedFolder[]> {
    const candidates = await subfolders(folder.path);
    if (!candidates.length) return [];
    const authorPaths = (await this.repository.authorPathsUnder(folder.path)).map(normalizePath);
    return candidates
      .filter((candidate) => !authorPaths.some((authorPath) => isSameOrInside(candidate.path, authorPath)))
      .map((candidate) => ({ name: candidate.name, path: candidate.path, relativePath: candidate.name }));
  }

  private async validatePath(raw: string | undefined, failures: ValidationFailure[]): Promise<string> {
    if (!raw?.trim()) {
      failures.push(failure('path', "'Path' must not be empty.", raw, 'NotEmptyValidator'));
      return '';
    }
    if (!isAbsolutePath(raw)) {
      failures.push(failure('path', `Invalid Path: '${raw}'`, raw, 'PathValidator'));
      return '';
    }
    const path = normalizePath(raw);
    if (path === '/' || SYSTEM_FOLDERS.some((system) => isSameOrInside(system, path)))
      failures.push(failure('path', `Is a system folder: '${path}'`, raw, 'SystemFolderValidator'));
    else if (
      isSameOrInside(resolve(this.env.get('DATA_DIR')), path) ||
      isSameOrInside(path, resolve(this.env.get('DATA_DIR')))
    )
      failures.push(
        failure('path', `Path '${path}' is or contains Quire's data folder`, raw, 'StartupFolderValidator'),
      );
    else if (await this.folders.existsBy({ path }))
      failures.push(
        failure('path', `Path '${path}' is already configured as a root folder`, raw, 'RootFolderValidator'),
      );
    else if (!(await isDirectory(path)))
      failures.push(failure('path', `Path '${path}' does not exist`, raw, 'PathExistsValidator'));
    else if (!(await isWritable(path)))
      failures.push(failure('path', `Folder '${path}' is not writable`, raw, 'FolderWritableValidator'));
    return path;
  }

  private async validateDefaults(input: RootFolderResource, failures: ValidationFailure[]): Promise<void> {
    if (!input.name?.trim())
      failures.push(failure('name', "'Name' must not be empty.", input.name, 'NotEmptyValidator'));
    const quality = input.defaultQualityProfileId ?? 0;
    if (quality <= 0)
      failures.push(
        failure(
          'defaultQualityProfileId',
          "'Default Quality Profile Id' must be greater than '0'.",
          quality,
          'GreaterThanValidator',
        ),
      );
    else if (!(await this.qualityProfiles.exists(quality)))
      failures.push(
        failure('defaultQualityProfileId', 'Quality Profile does not exist', quality, 'QualityProfileExistsValidator'),
      );
    const metadata = input.defaultMetadataProfileId ?? 0;
    if (metadata <= 0)
      failures.push(
        failure(
          'defaultMetadataProfileId',
          "'Default Metadata Profile Id' must be greater than '0'.",
          metadata,
          'GreaterThanValidator',
        ),
      );
    else if (!(await this.metadataProfiles.exists(metadata)))
      failures.push(
        failure(
          'defaultMetadataProfileId',
          'Metadata Profile does not exist',
          metadata,
          'MetadataProfileExistsValidator',
        ),
      );
    if (input.isCalibreLibrary)
      failures.push(failure('isCalibreLibrary', 'Calibre content server libraries are not supported by Quire', true));
  }

  private values(input: RootFolderResource): Partial<RootFolder> {
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
}
