import { Injectable } from '@nestjs/common';
import {
  failure,
  MethodNotAllowedError,
  NotFoundError,
  ValidationError,
  ValidationFailure,
} from '../../../platform/common/errors/domain-errors';
import { type Transaction, TransactionRunner } from '../../../platform/database/transaction';
import { TagService } from '../../tag/tag.service';
import { DelayProfile, GLOBAL_DELAY_PROFILE_ID, GLOBAL_DELAY_PROFILE_ORDER } from './delay-profile.entity';
import { DelayProfileRepository } from './delay-profile.repository';
import { DelayProfileResource } from './delay-profile.resource';

@Injectable()
export class DelayProfileService {
  constructor(
    private readonly profiles: DelayProfileRepository,
    private readonly tags: TagService,
    private readonly transactions: TransactionRunner,
  ) {}

  /** Every profile by `order`: tagged ones first, the global one last. */
  findAll(): Promise<DelayProfile[]> {
    return this.profiles.findAll();
  }

  async findById(id: number): Promise<DelayProfile> {
    const profile = await this.profiles.findById(id);
    if (!profile) throw new NotFoundError(`Delay profile ${id} not found`);
    return profile;
  }

  /** The profile that applies to something carrying these tags (first by order), else the global one. */
  async bestForTags(tags: number[]): Promise<DelayProfile> {
    const profiles = await this.findAll();
    return (
      profiles.find((profile) => profile.tags.some((tag) => tags.includes(tag))) ??
      profiles.find((profile) => profile.id === GLOBAL_DELAY_PROFILE_ID) ??
      profiles[profiles.length - 1]
    );
  }

  async create(input: DelayProfileResource): Promise<DelayProfile> {
    await this.validate(input, undefined);
    const order = await this.profiles.count();
    return this.profiles.create({ ...this.values(input), order });
  }

  async update(id: number, input: DelayProfileResource): Promise<DelayProfile> {
    const profile = await this.findById(id);
    await this.validate(input, id);
    Object.assign(profile, this.values(input));
    return this.profiles.save(profile);
  }

  async delete(id: number): Promise<void> {
    if (id === GLOBAL_DELAY_PROFILE_ID)
      throw new MethodNotAllowedError('MethodNotAllowed: Cannot delete global delay profile');
    await this.findById(id);
    await this.transactions.run(async (tx) => {
      await this.profiles.delete(tx, id);
      await this.renumber(tx, await this.profiles.findAll(tx));
    });
  }

  /** Moves a profile right after `afterId` (to the top when absent); returns the new order. */
  async reorder(id: number, afterId: number | undefined): Promise<DelayProfile[]> {
    if (id === GLOBAL_DELAY_PROFILE_ID)
      throw new ValidationError([failure('id', 'The global delay profile is always last', id)]);
    await this.findById(id);
    await this.transactions.run(async (tx) => {
      const all = await this.profiles.findAll(tx);
      const moving = all.find((profile) => profile.id === id)!;
      const others = all.filter((profile) => profile.id !== id && profile.id !== GLOBAL_DELAY_PROFILE_ID);
      const afterIndex = afterId === undefined ? -1 : others.findIndex((profile) => profile.id === afterId);
      others.splice(afterIndex + 1, 0, moving);
      await this.renumber(tx, others);
    });
    return this.findAll();
  }

  /** Seeds the global profile (id 1) when the table is empty (caller holds the seeding lock). */
  async seed(tx: Transaction): Promise<void> {
    if (await this.profiles.hasAny(tx)) return;
    await this.profiles.insertGlobalUnlessPresent(tx, {
      id: GLOBAL_DELAY_PROFILE_ID,
      enableUsenet: true,
      enableTorrent: true,
      preferredProtocol: 'usenet',
      usenetDelay: 0,
      torrentDelay: 0,
      order: GLOBAL_DELAY_PROFILE_ORDER,
      tags: [],
    });
  }

  /** The global profile keeps its fixed place at the end. */
  private renumber(tx: Transaction, ordered: DelayProfile[]): Promise<void> {
    const ids = ordered.map((profile) => profile.id).filter((id) => id !== GLOBAL_DELAY_PROFILE_ID);
    return this.profiles.renumber(tx, ids);
  }

  private values(input: DelayProfileResource): Partial<DelayProfile> {
    return {
      enableUsenet: input.enableUsenet ?? true,
      enableTorrent: input.enableTorrent ?? true,
      preferredProtocol: input.preferredProtocol === 'torrent' ? 'torrent' : 'usenet',
      usenetDelay: input.usenetDelay ?? 0,
      torrentDelay: input.torrentDelay ?? 0,
      bypassIfHighestQuality: input.bypassIfHighestQuality ?? false,
      bypassIfAboveCustomFormatScore: input.bypassIfAboveCustomFormatScore ?? false,
      minimumCustomFormatScore: input.minimumCustomFormatScore ?? 0,
      tags: [...new Set(input.tags ?? [])],
    };
  }

  private async validate(input: DelayProfileResource, ownId: number | undefined): Promise<void> {
    const failures: ValidationFailure[] = [];
    const tags = input.tags ?? [];
    if ((input.enableUsenet ?? true) === false && (input.enableTorrent ?? true) === false)
      failures.push(failure('', 'Either Usenet or Torrent should be enabled'));
    if (ownId === GLOBAL_DELAY_PROFILE_ID) {
      if (tags.length) failures.push(failure('tags', 'The global delay profile cannot have tags', tags));
    } else if (!tags.length) {
      failures.push(failure('tags', "'Tags' must not be empty.", tags, 'NotEmptyValidator'));
    } else {
      if (await this.profiles.anotherHasTags(tags, ownId))
        failures.push(failure('tags', 'One or more tags is used in another profile', tags));
    }
    if (failures.length) throw new ValidationError(failures);
    await this.tags.assertExist(tags);
  }
}
