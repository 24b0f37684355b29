import { Injectable } from '@nestjs/common';
import { failure, NotFoundError, ValidationError, ValidationFailure } from '../../platform/common/errors/domain-errors';
import { ImportListExclusion } from './import-list-exclusion.entity';
import { ImportListExclusionRepository } from './import-list-exclusion.repository';
import { ImportListExclusionResource } from './import-list-exclusion.resource';

@Injectable()
export class ImportListExclusionService {
  constructor(private readonly exclusions: ImportListExclusionRepository) {}

  findAll(): Promise<ImportListExclusion[]> {
    return this.exclusions.findAll();
  }

  async findById(id: number): Promise<ImportListExclusion> {
    const exclusion = await this.exclusions.findById(id);
    if (!exclusion) throw new NotFoundError(`Import list exclusion ${id} not found`);
    return exclusion;
  }

  isExcluded(foreignId: string): Promise<boolean> {
    return this.exclusions.existsForForeignId(foreignId);
  }

  /** For author/book deletion with `addImportListExclusion`: adds it unless it is already there. */
  async add(input: { foreignId: string; authorName: string }): Promise<ImportListExclusion> {
    await this.exclusions.insertUnlessPresent(input.foreignId, input.authorName ?? '');
    return (await this.exclusions.findByForeignId(input.foreignId))!;
  }

  async create(input: ImportListExclusionResource): Promise<ImportListExclusion> {
    await this.validate(input, undefined);
    return this.exclusions.save({ foreignId: input.foreignId!.trim(), authorName: input.authorName!.trim() });
  }

  async update(id: number, input: ImportListExclusionResource): Promise<ImportListExclusion> {
    const exclusion = await this.findById(id);
    await this.validate(input, id);
    exclusion.foreignId = input.foreignId!.trim();
    exclusion.authorName = input.authorName!.trim();
    return this.exclusions.save(exclusion);
  }

  async delete(id: number): Promise<void> {
    await this.findById(id);
    await this.exclusions.delete(id);
  }

  private async validate(input: ImportListExclusionResource, ownId: number | undefined): Promise<void> {
    const failures: ValidationFailure[] = [];
    const foreignId = input.foreignId?.trim();
    if (!foreignId)
      failures.push(failure('foreignId', "'Foreign Id' must not be empty.", input.foreignId, 'NotEmptyValidator'));
    if (!input.authorName?.trim())
      failures.push(failure('authorName', "'Author Name' must not be empty.", input.authorName, 'NotEmptyValidator'));
    if (foreignId) {
      const existing = await this.exclusions.findByForeignId(foreignId);
      if (existing && existing.id !== ownId)
        failures.push(
          failure(
            'foreignId',
            'This exclusion has already been added.',
            foreignId,
            'ImportListExclusionExistsValidator',
          ),
        );
    }
    if (failures.length) throw new ValidationError(failures);
  }
}
