import { Injectable } from '@nestjs/common';
import { failure, NotFoundError, ValidationError } from '../../platform/common/errors/domain-errors';
import { ReleaseProfile } from './release-profile.entity';
import { ReleaseProfileRepository } from './release-profile.repository';
import type { ReleaseProfileResource } from './release-profile.resource';

const clean = (terms: string[] | undefined) => [...new Set((terms ?? []).map((term) => term.trim()).filter(Boolean))];

/** `/api/v1/releaseprofile` CRUD; the decision engine reads every profile through `findAll`. */
@Injectable()
export class ReleaseProfileService {
  constructor(private readonly profiles: ReleaseProfileRepository) {}

  findAll(): Promise<ReleaseProfile[]> {
    return this.profiles.findAll();
  }

  async findById(id: number): Promise<ReleaseProfile> {
    const profile = await this.profiles.findById(id);
    if (!profile) throw new NotFoundError(`Release profile ${id} not found`);
    return profile;
  }

  create(input: ReleaseProfileResource): Promise<ReleaseProfile> {
    return this.profiles.create(this.values(input, undefined));
  }

  async update(id: number, input: ReleaseProfileResource): Promise<ReleaseProfile> {
    const profile = await this.findById(id);
    Object.assign(profile, this.values(input, profile));
    return this.profiles.save(profile);
  }

  async delete(id: number): Promise<void> {
    await this.findById(id);
    await this.profiles.delete(id);
  }

  private values(input: ReleaseProfileResource, current: ReleaseProfile | undefined): Partial<ReleaseProfile> {
    const required = clean(input.required ?? current?.required);
    const ignored = clean(input.ignored ?? current?.ignored);
    if (required.length === 0 && ignored.length === 0)
      throw new ValidationError([
        failure('required', "'Must contain' or 'Must not contain' is required", input.required ?? []),
        failure('ignored', "'Must contain' or 'Must not contain' is required", input.ignored ?? []),
      ]);
    return {
      enabled: input.enabled ?? current?.enabled ?? true,
      required,
      ignored,
      indexerId: input.indexerId ?? current?.indexerId ?? 0,
      tags: [...new Set(input.tags ?? current?.tags ?? [])],
    };
  }
}
