import { Injectable } from '@nestjs/common';
import {
  BadRequestError,
  ConflictError,
  failure,
  NotFoundError,
  ValidationError,
} from '../../../platform/common/errors/domain-errors';
import { isKnownLanguage } from '../../../platform/language/language-codes';
import type { Transaction } from '../../../platform/database/transaction';
import { nameFailures } from '../../../platform/database/unique-name';
import { describeUsers } from '../profile-users';
import { MetadataProfile, NONE_METADATA_PROFILE } from './metadata-profile.entity';
import { MetadataProfileRepository } from './metadata-profile.repository';
import { MetadataProfileResource } from './metadata-profile.resource';

/** A language token: an ISO 639 code or tag (`eng`, `en-US`) or the literal `null`. */
const LANGUAGE_TOKEN = /^(null|[a-z]{2,3}(-[a-z0-9]{2,8})*)$/i;

@Injectable()
export class MetadataProfileService {
  constructor(private readonly profiles: MetadataProfileRepository) {}

  findAll(): Promise<MetadataProfile[]> {
    return this.profiles.findAll();
  }

  async findById(id: number): Promise<MetadataProfile> {
    const profile = await this.profiles.findById(id);
    if (!profile) throw new NotFoundError(`Metadata profile ${id} not found`);
    return profile;
  }

  exists(id: number): Promise<boolean> {
    return this.profiles.exists(id);
  }

  /** The special "None" profile (ignores every book not added explicitly). */
  findNone(): Promise<MetadataProfile | null> {
    return this.profiles.findByName(NONE_METADATA_PROFILE);
  }

  async create(input: MetadataProfileResource): Promise<MetadataProfile> {
    return this.profiles.create(await this.validate(input, undefined));
  }

  async update(id: number, input: MetadataProfileResource): Promise<MetadataProfile> {
    const profile = await this.findById(id);
    if (profile.name === NONE_METADATA_PROFILE)
      throw new BadRequestError('Not permitted to alter None metadata profile');
    Object.assign(profile, await this.validate(input, id));
    return this.profiles.save(profile);
  }

  async delete(id: number): Promise<void> {
    const profile = await this.findById(id);
    if (profile.name === NONE_METADATA_PROFILE)
      throw new ConflictError('Metadata profile [None] is reserved and cannot be deleted');
    const users = describeUsers(await this.profiles.users(id));
    if (users.length)
      throw new ConflictError(
        `Metadata profile [${profile.name}] is in use by ${users.join(', ')} and cannot be deleted`,
      );
    await this.profiles.delete(id);
  }

  schema(): MetadataProfile {
    return Object.assign(new MetadataProfile(), {
      id: 0,
      name: '',
      minPopularity: 0,
      skipMissingDate: false,
      skipMissingIsbn: false,
      skipPartsAndSets: false,
      skipSeriesSecondary: false,
      allowedLanguages: null,
      minPages: 0,
      ignored: [],
    });
  }

  /** Seeds "Standard" when there is no profile, and "None" when it is missing (caller holds the lock). */
  async seed(tx: Transaction): Promise<void> {
    const empty = !(await this.profiles.hasAny(tx));
    const rows: Partial<MetadataProfile>[] = [];
    if (empty)
      rows.push({
        name: 'Standard',
        minPopularity: 350,
        skipMissingDate: true,
        skipPartsAndSets: true,
        allowedLanguages: 'eng, null',
      });
    if (empty || !(await this.profiles.hasNamed(tx, NONE_METADATA_PROFILE)))
      rows.push({ name: NONE_METADATA_PROFILE, minPopularity: 1e10 });
    for (const row of rows) await this.profiles.insertUnlessPresent(tx, row);
  }

  private async validate(input: MetadataProfileResource, ownId: number | undefined): Promise<Partial<MetadataProfile>> {
    const failures = await nameFailures(input.name, (name) => this.profiles.nameTaken(name, ownId));
    if (input.name?.trim() === NONE_METADATA_PROFILE && !failures.length)
      failures.push(failure('name', `'${NONE_METADATA_PROFILE}' is reserved`, input.name));
    const languages = normaliseLanguages(input.allowedLanguages);
    if (languages === undefined)
      failures.push(
        failure(
          'allowedLanguages',
          'Must be a comma separated list of ISO 639 language codes, English language names or null',
          input.allowedLanguages,
        ),
      );
    if (failures.length) throw new ValidationError(failures);
    return {
      name: input.name!.trim(),
      minPopularity: input.minPopularity ?? 0,
      skipMissingDate: input.skipMissingDate ?? false,
      skipMissingIsbn: input.skipMissingIsbn ?? false,
      skipPartsAndSets: input.skipPartsAndSets ?? false,
      skipSeriesSecondary: input.skipSeriesSecondary ?? false,
      allowedLanguages: languages,
      minPages: input.minPages ?? 0,
      ignored: (input.ignored ?? []).map((term) => term.trim()).filter(Boolean),
    };
  }
}

/**
 * `"eng,  NULL,en-US"` → `"eng, null, en-US"`; blank → null; undefined when a token is not a language.
 * Codes and English names (`French`) are kept as written; the metadata filter reads every form.
 */
export function normaliseLanguages(value: string | null | undefined): string | null | undefined {
  if (value == null || !value.trim()) return null;
  const tokens = value.split(',').map((token) => token.trim());
  if (tokens.some((token) => !LANGUAGE_TOKEN.test(token) && !isKnownLanguage(token))) return undefined;
  return tokens.map((token) => (token.toLowerCase() === 'null' ? 'null' : token)).join(', ');
}
