import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ImportListExclusion } from './import-list-exclusion.entity';

/** The `import_list_exclusion` table. */
@Injectable()
export class ImportListExclusionRepository {
  constructor(@InjectRepository(ImportListExclusion) private readonly exclusions: Repository<ImportListExclusion>) {}

  findAll(): Promise<ImportListExclusion[]> {
    return this.exclusions.find({ order: { id: 'ASC' } });
  }

  findById(id: number): Promise<ImportListExclusion | null> {
    return this.exclusions.findOneBy({ id });
  }

  findByForeignId(foreignId: string): Promise<ImportListExclusion | null> {
    return this.exclusions.findOneBy({ foreignId });
  }

  existsForForeignId(foreignId: string): Promise<boolean> {
    return this.exclusions.existsBy({ foreignId });
  }

  /** Inserts the exclusion unless one for the foreign id exists (concurrent deletions may both add it). */
  async insertUnlessPresent(foreignId: string, authorName: string): Promise<void> {
    await this.exclusions.createQueryBuilder().insert().values({ foreignId, authorName }).orIgnore().execute();
  }

  save(exclusion: Partial<ImportListExclusion>): Promise<ImportListExclusion> {
    return this.exclusions.save(this.exclusions.create(exclusion));
  }

  async delete(id: number): Promise<void> {
    await this.exclusions.delete(id);
  }
}
