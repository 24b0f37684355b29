import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CustomFilter } from './custom-filter.entity';

/** The `custom_filter` table. */
@Injectable()
export class CustomFilterRepository {
  constructor(@InjectRepository(CustomFilter) private readonly filters: Repository<CustomFilter>) {}

  findAll(): Promise<CustomFilter[]> {
    return this.filters.find({ order: { id: 'ASC' } });
  }

  findById(id: number): Promise<CustomFilter | null> {
    return this.filters.findOneBy({ id });
  }

  /** Inserts a new filter; answers it with its id. */
  create(values: Partial<CustomFilter>): Promise<CustomFilter> {
    return this.filters.save(this.filters.create(values));
  }

  save(filter: CustomFilter): Promise<CustomFilter> {
    return this.filters.save(filter);
  }

  async delete(id: number): Promise<void> {
    await this.filters.delete(id);
  }
}
