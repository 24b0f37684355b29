import { Injectable } from '@nestjs/common';
import { resolve } from 'node:path';
import { failure, ValidationError, ValidationFailure } from '../../platform/common/errors/domain-errors';
import { normalizePath } from '../../platform/common/path/normalize-path';
import { EnvService } from '../../platform/env/env.service';
import { MetadataProfileService } from '../profile/metadata-profile/metadata-profile.service';
import { QualityProfileService } from '../profile/quality-profile/quality-profile.service';
import { TagService } from '../tag/tag.service';
import { isAbsolutePath, isDirectory, isSameOrInside, isWritable, SYSTEM_FOLDERS } from './root-folder-disk';
import { RootFolder } from './root-folder.entity';
import { RootFolderRepository } from './root-folder.repository';
import { RootFolderResource } from './root-folder.resource';

/**
 * Readarr's root folder validators: the path of a new folder (absolute, no system or data folder, not yet
 * configured, an existing writable folder), the defaults of any (name, existing profiles and tags). Every
 * failure of a request is reported at once, as one ValidationError.
 */
@Injectable()
export class RootFolderValidator {
  constructor(
    private readonly repository: RootFolderRepository,
    private readonly qualityProfiles: QualityProfileService,
    private readonly metadataProfiles: MetadataProfileService,
    private readonly tags: TagService,
    private readonly env: EnvService,
  ) {}

  /** Checks a new root folder; answers its normalised path. */
  async validateNew(input: RootFolderResource): Promise<string> {
    const failures: ValidationFailure[] = [];
    const path = await this.validatePath(input.path, failures);
    await this.validateDefaults(input, failures);
    if (failures.length) throw new ValidationError(failures);
    await this.tags.assertExist(input.defaultTags ?? [], 'defaultTags');
    return path;
  }

  /** Checks an edit of `folder`: its path stays as it is. */
  async validateEdit(folder: RootFolder, input: RootFolderResource): Promise<void> {
    const failures: ValidationFailure[] = [];
    if (input.path !== undefined && normalizePath(input.path) !== folder.path)
      failures.push(failure('path', 'Root folder path cannot be changed', input.path));
    await this.validateDefaults(input, failures);
    if (failures.length) throw new ValidationError(failures);
    await this.tags.assertExist(input.defaultTags ?? [], 'defaultTags');
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
    else if (await this.repository.isConfigured(path))
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
}
