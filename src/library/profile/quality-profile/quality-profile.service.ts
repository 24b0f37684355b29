import { Injectable } from '@nestjs/common';
import {
  ConflictError,
  failure,
  NotFoundError,
  ValidationError,
  ValidationFailure,
} from '../../../platform/common/errors/domain-errors';
import type { Transaction } from '../../../platform/database/transaction';
import { nameFailures } from '../../../platform/database/unique-name';
import { CustomFormatService } from '../custom-format/custom-format.service';
import { describeUsers } from '../profile-users';
import { defaultProfileItems, QUALITY_IDS } from '../quality/quality';
import { ProfileFormatItem, QualityProfile } from './quality-profile.entity';
import { QualityProfileRepository } from './quality-profile.repository';
import { QualityProfileResource } from './quality-profile.resource';
import { validateProfileItems } from './quality-profile.validation';

/** Readarr's default profiles. */
const DEFAULT_PROFILES = [
  {
    name: 'eBook',
    cutoff: QUALITY_IDS.mobi,
    allowed: [QUALITY_IDS.mobi, QUALITY_IDS.epub, QUALITY_IDS.azw3],
  },
  {
    name: 'Spoken',
    cutoff: QUALITY_IDS.mp3,
    allowed: [QUALITY_IDS.unknownAudio, QUALITY_IDS.mp3, QUALITY_IDS.m4b, QUALITY_IDS.flac],
  },
];

@Injectable()
export class QualityProfileService {
  constructor(
    private readonly profiles: QualityProfileRepository,
    private readonly customFormats: CustomFormatService,
  ) {}

  findAll(): Promise<QualityProfile[]> {
    return this.profiles.findAll();
  }

  async findById(id: number): Promise<QualityProfile> {
    const profile = await this.profiles.findById(id);
    if (!profile) throw new NotFoundError(`Quality profile ${id} not found`);
    return profile;
  }

  exists(id: number): Promise<boolean> {
    return this.profiles.exists(id);
  }

  async create(input: QualityProfileResource): Promise<QualityProfile> {
    return this.profiles.create(await this.validate(input, undefined));
  }

  async update(id: number, input: QualityProfileResource): Promise<QualityProfile> {
    const profile = await this.findById(id);
    Object.assign(profile, await this.validate(input, id));
    return this.profiles.save(profile);
  }

  async delete(id: number): Promise<void> {
    const profile = await this.findById(id);
    const users = describeUsers(await this.profiles.users(id));
    if (users.length)
      throw new ConflictError(
        `Quality profile [${profile.name}] is in use by ${users.join(', ')} and cannot be deleted`,
      );
    await this.profiles.delete(id);
  }

  /** `GET /qualityprofile/schema`: every quality, none allowed, every custom format at score 0. */
  schema(): QualityProfile {
    return Object.assign(new QualityProfile(), {
      id: 0,
      name: '',
      upgradeAllowed: false,
      cutoff: QUALITY_IDS.unknownText,
      items: defaultProfileItems([]),
      minFormatScore: 0,
      cutoffFormatScore: 0,
      formatItems: [],
    });
  }

  /** Seeds "eBook" and "Spoken" when there is no profile at all (caller holds the seeding lock). */
  async seed(tx: Transaction): Promise<void> {
    if (await this.profiles.hasAny(tx)) return;
    for (const { name, cutoff, allowed } of DEFAULT_PROFILES) {
      await this.profiles.insertUnlessPresent(tx, {
        name,
        cutoff,
        items: defaultProfileItems(allowed),
        upgradeAllowed: false,
        formatItems: [],
      });
    }
  }

  private async validate(input: QualityProfileResource, ownId: number | undefined): Promise<Partial<QualityProfile>> {
    const failures: ValidationFailure[] = await nameFailures(input.name, (name) =>
      this.profiles.nameTaken(name, ownId),
    );
    const { items, failures: itemFailures } = validateProfileItems(input.items, input.cutoff);
    failures.push(...itemFailures);
    const formatItems = await this.formatItems(input, failures);
    if (failures.length) throw new ValidationError(failures);
    return {
      name: input.name!.trim(),
      upgradeAllowed: input.upgradeAllowed ?? false,
      cutoff: input.cutoff!,
      items,
      minFormatScore: input.minFormatScore ?? 0,
      cutoffFormatScore: input.cutoffFormatScore ?? 0,
      formatItems,
    };
  }

  private async formatItems(
    input: QualityProfileResource,
    failures: ValidationFailure[],
  ): Promise<ProfileFormatItem[]> {
    const known = new Set((await this.customFormats.findAll()).map((format) => format.id));
    const items = (input.formatItems ?? []).map((item) => ({ format: item.format, score: item.score ?? 0 }));
    const unknown = items.filter((item) => !known.has(item.format)).map((item) => item.format);
    if (unknown.length) failures.push(failure('formatItems', `Unknown custom formats: ${unknown.join(', ')}`, unknown));
    const formats = items.map((item) => item.format);
    if (new Set(formats).size !== formats.length)
      failures.push(failure('formatItems', 'Custom formats must be unique'));
    const reachable = items.reduce((sum, item) => sum + Math.max(item.score, 0), 0);
    if ((input.minFormatScore ?? 0) > reachable)
      failures.push(
        failure('minFormatScore', 'Minimum Custom Format Score can never be satisfied', input.minFormatScore),
      );
    return items;
  }
}
