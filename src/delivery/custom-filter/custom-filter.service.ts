import { Injectable } from '@nestjs/common';
import { failure, NotFoundError, ValidationError, ValidationFailure } from '../../platform/common/errors/domain-errors';
import { CustomFilter } from './custom-filter.entity';
import { CustomFilterRepository } from './custom-filter.repository';
import { CustomFilterResource } from './custom-filter.resource';

@Injectable()
export class CustomFilterService {
  constructor(private readonly filters: CustomFilterRepository) {}

  findAll(): Promise<CustomFilter[]> {
    return this.filters.findAll();
  }

  async findById(id: number): Promise<CustomFilter> {
    const filter = await this.filters.findById(id);
    if (!filter) throw new NotFoundError(`Custom filter ${id} not found`);
    return filter;
  }

  async create(input: CustomFilterResource): Promise<CustomFilter> {
    return this.filters.create(validate(input));
  }

  async update(id: number, input: CustomFilterResource): Promise<CustomFilter> {
    const filter = await this.findById(id);
    Object.assign(filter, validate(input));
    return this.filters.save(filter);
  }

  async delete(id: number): Promise<void> {
    await this.findById(id);
    await this.filters.delete(id);
  }
}

function validate(input: CustomFilterResource): Partial<CustomFilter> {
  const failures: ValidationFailure[] = [];
  if (!input.type?.trim()) failures.push(failure('type', "'Type' must not be empty.", input.type, 'NotEmptyValidator'));
  if (!input.label?.trim())
    failures.push(failure('label', "'Label' must not be empty.", input.label, 'NotEmptyValidator'));
  if (failures.length) throw new ValidationError(failures);
  return { type: input.type!.trim(), label: input.label!.trim(), filters: input.filters ?? [] };
}
