import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ReleaseProfile } from './release-profile.entity';

/** The `release_profile` table. */
@Injectable()
export class ReleaseProfileRepository {
  constructor(@InjectRepository(ReleaseProfile) private readonly profiles: Repository<ReleaseProfile>) {}

  findAll(): Promise<ReleaseProfile[]> {
    return this.profiles.find({ order: { id: 'ASC' } });
  }

  findById(id: number): Promise<ReleaseProfile | null> {
    return this.profiles.findOneBy({ id });
  }

  /** Inserts a new profile; answers it with its id. */
  create(values: Partial<ReleaseProfile>): Promise<ReleaseProfile> {
    return this.profiles.save(this.profiles.create(values));
  }

  save(profile: ReleaseProfile): Promise<ReleaseProfile> {
    return this.profiles.save(profile);
  }

  async delete(id: number): Promise<void> {
    await this.profiles.delete({ id });
  }
}
