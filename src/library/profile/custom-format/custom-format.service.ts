import { Injectable } from '@nestjs/common';
import {
  failure,
  NotFoundError,
  ValidationError,
  ValidationFailure,
} from '../../../platform/common/errors/domain-errors';
import { TransactionRunner } from '../../../platform/database/transaction';
import { nameFailures } from '../../../platform/database/unique-name';
import { specificationDefinition } from './custom-format-specifications';
import { CustomFormat, StoredSpecification } from './custom-format.entity';
import { CustomFormatRepository } from './custom-format.repository';
import { QualityProfileRepository } from '../quality-profile/quality-profile.repository';
import { CustomFormatResource, CustomFormatSpecificationSchema } from './custom-format.resource';

@Injectable()
export class CustomFormatService {
  constructor(
    private readonly formats: CustomFormatRepository,
    private readonly qualityProfiles: QualityProfileRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  findAll(): Promise<CustomFormat[]> {
    return this.formats.findAll();
  }

  async findById(id: number): Promise<CustomFormat> {
    const format = await this.formats.findById(id);
    if (!format) throw new NotFoundError(`Custom format ${id} not found`);
    return format;
  }

  async create(input: CustomFormatResource): Promise<CustomFormat> {
    return this.formats.create(await this.validate(input, undefined));
  }

  async update(id: number, input: CustomFormatResource): Promise<CustomFormat> {
    const format = await this.findById(id);
    Object.assign(format, await this.validate(input, id));
    return this.formats.save(format);
  }

  /** Deletes the format and its scores in every quality profile. */
  async delete(id: number): Promise<void> {
    await this.findById(id);
    await this.transactions.run(async (tx) => {
      await this.qualityProfiles.removeFormatScores(tx, id);
      await this.formats.delete(tx, id);
    });
  }

  private async validate(input: CustomFormatResource, ownId: number | undefined): Promise<Partial<CustomFormat>> {
    const failures: ValidationFailure[] = await nameFailures(input.name, (name) => this.formats.nameTaken(name, ownId));
    const specifications = input.specifications ?? [];
    if (!specifications.length) failures.push(failure('specifications', 'Must contain at least one Condition'));
    const stored = specifications.map((spec, index) => toStored(spec, `specifications[${index}]`, failures));
    if (failures.length) throw new ValidationError(failures);
    return {
      name: input.name!.trim(),
      includeCustomFormatWhenRenaming: input.includeCustomFormatWhenRenaming ?? false,
      specifications: stored,
    };
  }
}

function toStored(
  spec: CustomFormatSpecificationSchema,
  path: string,
  failures: ValidationFailure[],
): StoredSpecification {
  const definition = specificationDefinition(spec.implementation);
  const stored: StoredSpecification = {
    name: spec.name?.trim() ?? '',
    implementation: definition?.implementation ?? spec.implementation ?? '',
    negate: spec.negate ?? false,
    required: spec.required ?? false,
    fields: {},
  };
  if (!stored.name) failures.push(failure(`${path}.name`, "'Name' must not be empty.", spec.name, 'NotEmptyValidator'));
  if (!definition) {
    failures.push(failure(`${path}.implementation`, 'Unknown custom format condition', spec.implementation));
    return stored;
  }
  const given = new Map((spec.fields ?? []).map((field) => [field.name?.toLowerCase(), field.value]));
  for (const field of definition.fields) {
    const raw = given.has(field.name.toLowerCase()) ? given.get(field.name.toLowerCase()) : field.defaultValue;
    stored.fields[field.name] =
      field.type !== 'textbox' && typeof raw === 'string' && raw.trim() !== '' && !Number.isNaN(Number(raw))
        ? Number(raw)
        : raw;
  }
  failures.push(...definition.validate(stored.fields, path));
  return stored;
}
