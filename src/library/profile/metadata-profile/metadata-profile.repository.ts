import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { countJsonReferences, countReferences, IMPORT_LISTS } from '../../../platform/database/optional-table';
import { managerOf, type Transaction } from '../../../platform/database/transaction';
import { nameTaken } from '../../../platform/database/unique-name';
import type { ProfileUsers } from '../profile-users';
import { MetadataProfile } from './metadata-profile.entity';

/** The `metadata_profile` table. */
@Injectable()
export class MetadataProfileRepository {
  constructor(@InjectRepository(MetadataProfile) private readonly profiles: Repository<MetadataProfile>) {}

  findAll(): Promise<MetadataProfile[]> {
    return this.profiles.find({ order: { id: 'ASC' } });
  }

  findById(id: number): Promise<MetadataProfile | null> {
    return this.profiles.findOneBy({ id });
  }

  findByName(name: string): Promise<MetadataProfile | null> {
    return this.profiles.findOneBy({ name });
  }

  exists(id: number): Promise<boolean> {
    return this.profiles.existsBy({ id });
  }

  /** Whether a profile other than `ownId` has this name (case-insensitive). */
  nameTaken(name: string, ownId: number | undefined): Promise<boolean> {
    return nameTaken(this.profiles, name, ownId);
  }

  /** Inserts a new profile; answers it with its id. */
  create(values: Partial<MetadataProfile>): Promise<MetadataProfile> {
    return this.profiles.save(this.profiles.create(values));
  }

  save(profile: MetadataProfile): Promise<MetadataProfile> {
    return this.profiles.save(profile);
  }

  async delete(id: number): Promise<void> {
    await this.profiles.delete(id);
  }

  /** Authors, root folders and import lists that use the profile (tables that may not exist count 0). */
  async users(id: number): Promise<ProfileUsers> {
    const db = this.profiles.manager;
    return {
      authors: await countReferences(db, 'author', 'metadata_profile_id', id),
      rootFolders: await countReferences(db, 'root_folder', 'default_metadata_profile_id', id),
      importLists: await countJsonReferences(db, IMPORT_LISTS, 'metadataProfileId', id),
    };
  }

  hasAny(tx: Transaction): Promise<boolean> {
    return managerOf(tx).exists(MetadataProfile);
  }

  hasNamed(tx: Transaction, name: string): Promise<boolean> {
    return managerOf(tx).existsBy(MetadataProfile, { name });
  }

  /** Inserts a default profile unless one of that name exists (seeding, under the seeding lock). */
  async insertUnlessPresent(tx: Transaction, row: Partial<MetadataProfile>): Promise<void> {
    await managerOf(tx).createQueryBuilder().insert().into(MetadataProfile).values(row).orIgnore().execute();
  }
}
