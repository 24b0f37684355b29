import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { managerOf, type Transaction } from '../../../platform/database/transaction';
import { DelayProfile } from './delay-profile.entity';

/** The `delay_profile` table. */
@Injectable()
export class DelayProfileRepository {
  constructor(@InjectRepository(DelayProfile) private readonly profiles: Repository<DelayProfile>) {}

  /** By `order` (tagged ones first, the global one last); inside `tx` when given. */
  findAll(tx?: Transaction): Promise<DelayProfile[]> {
    const profiles = tx ? managerOf(tx).getRepository(DelayProfile) : this.profiles;
    return profiles.find({ order: { order: 'ASC', id: 'ASC' } });
  }

  findById(id: number): Promise<DelayProfile | null> {
    return this.profiles.findOneBy({ id });
  }

  count(): Promise<number> {
    return this.profiles.count();
  }

  /** Whether a profile other than `ownId` carries one of these tags. */
  anotherHasTags(tags: number[], ownId: number | undefined): Promise<boolean> {
    return this.profiles
      .createQueryBuilder('profile')
      .where('profile.tags && :tags', { tags })
      .andWhere('profile.id <> :id', { id: ownId ?? 0 })
      .getExists();
  }

  /** Inserts a new profile; answers it with its id. */
  create(values: Partial<DelayProfile>): Promise<DelayProfile> {
    return this.profiles.save(this.profiles.create(values));
  }

  save(profile: DelayProfile): Promise<DelayProfile> {
    return this.profiles.save(profile);
  }

  async delete(tx: Transaction, id: number): Promise<void> {
    await managerOf(tx).delete(DelayProfile, id);
  }

  /** Gives the profiles `order` 1, 2, … in the order of `ids`, one row at a time. */
  async renumber(tx: Transaction, ids: number[]): Promise<void> {
    let order = 1;
    for (const id of ids) await managerOf(tx).update(DelayProfile, id, { order: order++ });
  }

  hasAny(tx: Transaction): Promise<boolean> {
    return managerOf(tx).exists(DelayProfile);
  }

  /**
   * Inserts the global profile (its fixed id is part of the row) unless it exists, then moves the id sequence
   * past it so the next profile does not collide.
   */
  async insertGlobalUnlessPresent(tx: Transaction, row: Partial<DelayProfile>): Promise<void> {
    const manager = managerOf(tx);
    await manager.createQueryBuilder().insert().into(DelayProfile).values(row).orIgnore().execute();
    await manager.query(
      `SELECT setval(pg_get_serial_sequence('delay_profile', 'id'), GREATEST((SELECT max(id) FROM delay_profile), 1))`,
    );
  }
}
