import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { DelayProfile } from './delay-profile.entity';

/** Reads and writes of `delay_profile` beyond plain finds and saves. */
@Injectable()
export class DelayProfileRepository {
  constructor(@InjectRepository(DelayProfile) private readonly profiles: Repository<DelayProfile>) {}

  /** Whether a profile other than `ownId` carries one of these tags. */
  anotherHasTags(tags: number[], ownId: number | undefined): Promise<boolean> {
    return this.profiles
      .createQueryBuilder('profile')
      .where('profile.tags && :tags', { tags })
      .andWhere('profile.id <> :id', { id: ownId ?? 0 })
      .getExists();
  }

  /**
   * Inserts the global profile (its fixed id is part of the row) unless it exists, then moves the id sequence
   * past it so the next profile does not collide.
   */
  async insertGlobalUnlessPresent(manager: EntityManager, row: Partial<DelayProfile>): Promise<void> {
    await manager.createQueryBuilder().insert().into(DelayProfile).values(row).orIgnore().execute();
    await manager.query(
      `SELECT setval(pg_get_serial_sequence('delay_profile', 'id'), GREATEST((SELECT max(id) FROM delay_profile), 1))`,
    );
  }
}
