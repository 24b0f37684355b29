import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { countJsonReferences, countReferences, IMPORT_LISTS } from '../../../platform/database/optional-table';
import { managerOf, type Transaction } from '../../../platform/database/transaction';
import { nameTaken } from '../../../platform/database/unique-name';
import type { ProfileUsers } from '../profile-users';
import { QualityProfile } from './quality-profile.entity';

/** The `quality_profile` table. */
@Injectable()
export class QualityProfileRepository {
  constructor(@InjectRepository(QualityProfile) private readonly profiles: Repository<QualityProfile>) {}

  findAll(): Promise<QualityProfile[]> {
    return this.profiles.find({ order: { id: 'ASC' } });
  }

  findById(id: number): Promise<QualityProfile | null> {
    return this.profiles.findOneBy({ id });
  }

  exists(id: number): Promise<boolean> {
    return this.profiles.existsBy({ id });
  }

  /** Whether a profile other than `ownId` has this name (case-insensitive). */
  nameTaken(name: string, ownId: number | undefined): Promise<boolean> {
    return nameTaken(this.profiles, name, ownId);
  }

  /** Inserts a new profile; answers it with its id. */
  create(values: Partial<QualityProfile>): Promise<QualityProfile> {
    return this.profiles.save(this.profiles.create(values));
  }

  save(profile: QualityProfile): Promise<QualityProfile> {
    return this.profiles.save(profile);
  }

  async delete(id: number): Promise<void> {
    await this.profiles.delete(id);
  }

  /** Authors, root folders and import lists that use the profile (tables that may not exist count 0). */
  async users(id: number): Promise<ProfileUsers> {
    const db = this.profiles.manager;
    return {
      authors: await countReferences(db, 'author', 'quality_profile_id', id),
      rootFolders: await countReferences(db, 'root_folder', 'default_quality_profile_id', id),
      importLists: await countJsonReferences(db, IMPORT_LISTS, 'qualityProfileId', id),
    };
  }

  hasAny(tx: Transaction): Promise<boolean> {
    return managerOf(tx).exists(QualityProfile);
  }

  /** Inserts a default profile unless one of that name exists (seeding, under the seeding lock). */
  async insertUnlessPresent(tx: Transaction, row: Partial<QualityProfile>): Promise<void> {
    await managerOf(tx).createQueryBuilder().insert().into(QualityProfile).values(row).orIgnore().execute();
  }

  /** Drops a custom format's score from every profile that has one (the format is being deleted). */
  async removeFormatScores(tx: Transaction, formatId: number): Promise<void> {
    await managerOf(tx).query(
      `UPDATE quality_profile
          SET format_items = COALESCE((SELECT jsonb_agg(item) FROM jsonb_array_elements(format_items) item
                                        WHERE (item->>'format')::int <> $1), '[]'::jsonb)
        WHERE format_items @> $2::jsonb`,
      [formatId, JSON.stringify([{ format: formatId }])],
    );
  }
}
