import { Injectable } from '@nestjs/common';
import { ValidationError, type ValidationFailure, failure } from '../../platform/common/errors/domain-errors';
import { MetadataProfileService } from '../profile/metadata-profile/metadata-profile.service';
import { QualityProfileService } from '../profile/quality-profile/quality-profile.service';
import { TagService } from '../tag/tag.service';
import { greaterThanZero, normalizePath, validPath } from './author-validation';
import type { Author } from './author.entity';
import { AuthorRepository } from './author.repository';

export interface AuthorUpdateInput {
  monitored?: boolean;
  monitorNewItems?: Author['monitorNewItems'];
  qualityProfileId?: number;
  metadataProfileId?: number;
  path?: string;
  rootFolderPath?: string;
  tags?: number[];
}

/** The checks an author's settings pass before they are written (add, update, bulk edit). */
@Injectable()
export class AuthorValidator {
  constructor(
    private readonly repository: AuthorRepository,
    private readonly qualityProfiles: QualityProfileService,
    private readonly metadataProfiles: MetadataProfileService,
    private readonly tags: TagService,
  ) {}

  /** Checks profile ids, tags and a new path (absolute, not another author's). */
  async validateUpdate(author: Author | undefined, input: AuthorUpdateInput): Promise<void> {
    const failures = await this.updateFailures(author, input);
    if (failures.length > 0) throw new ValidationError(failures);
    if (input.tags?.length) await this.tags.assertExist(input.tags);
  }

  async updateFailures(author: Author | undefined, input: AuthorUpdateInput): Promise<ValidationFailure[]> {
    const failures: ValidationFailure[] = [];
    if (input.qualityProfileId !== undefined) {
      const invalid = greaterThanZero('qualityProfileId', 'Quality Profile Id', input.qualityProfileId);
      if (invalid) failures.push(invalid);
      else if (!(await this.qualityProfiles.exists(input.qualityProfileId)))
        failures.push(failure('qualityProfileId', 'Quality Profile does not exist', input.qualityProfileId));
    }
    if (input.metadataProfileId !== undefined) {
      const invalid = greaterThanZero('metadataProfileId', 'Metadata Profile Id', input.metadataProfileId);
      if (invalid) failures.push(invalid);
      else if (!(await this.metadataProfiles.exists(input.metadataProfileId)))
        failures.push(failure('metadataProfileId', 'Metadata Profile does not exist', input.metadataProfileId));
    }
    if (input.path !== undefined && input.path !== null) {
      const invalid = validPath('path', input.path);
      if (invalid) failures.push(invalid);
      else {
        const other = await this.repository.findByPath(normalizePath(input.path));
        if (other && other.id !== author?.id)
          failures.push(failure('path', 'Path is already configured for an existing author', input.path));
      }
    }
    if (input.rootFolderPath) {
      const invalid = validPath('rootFolderPath', input.rootFolderPath);
      if (invalid) failures.push(invalid);
    }
    return failures;
  }

  assertTags(ids: number[]): Promise<void> {
    return this.tags.assertExist(ids);
  }
}
