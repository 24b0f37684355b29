import { Injectable } from '@nestjs/common';
import { NotFoundError, ValidationError, failure } from '../../../platform/common/errors/domain-errors';
import { type Transaction, TransactionRunner } from '../../../platform/database/transaction';
import { defaultMaxSize, QUALITIES } from './quality';
import { QualityDefinition } from './quality-definition.entity';
import { QualityDefinitionRepository } from './quality-definition.repository';
import { QualityDefinitionResource } from './quality-definition.resource';

@Injectable()
export class QualityDefinitionService {
  constructor(
    private readonly definitions: QualityDefinitionRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  /** Every definition, best last (by weight), as Readarr lists them. */
  findAll(): Promise<QualityDefinition[]> {
    return this.definitions.findAll();
  }

  async findById(id: number): Promise<QualityDefinition> {
    const definition = await this.definitions.findById(id);
    if (!definition) throw new NotFoundError(`Quality definition ${id} not found`);
    return definition;
  }

  async update(id: number, input: QualityDefinitionResource): Promise<QualityDefinition> {
    const definition = await this.findById(id);
    validateSizes([input]);
    this.apply(definition, input);
    return this.definitions.save(definition);
  }

  /** `PUT /qualitydefinition/update`: all or nothing. */
  async updateMany(inputs: QualityDefinitionResource[]): Promise<QualityDefinition[]> {
    validateSizes(inputs);
    await this.transactions.run(async (tx) => {
      for (const input of inputs) {
        const definition = await this.definitions.findById(input.id ?? 0, tx);
        if (!definition) throw new NotFoundError(`Quality definition ${input.id ?? 0} not found`);
        this.apply(definition, input);
        await this.definitions.save(definition, tx);
      }
    });
    return this.findAll();
  }

  /** Readarr's `ResetQualityDefinitions`: sizes back to defaults, titles too when asked. */
  async reset(resetTitles: boolean): Promise<void> {
    await this.definitions.updateByQuality(
      QUALITIES.map((quality) => {
        const values: Partial<QualityDefinition> = { minSize: 0, maxSize: defaultMaxSize(quality.id) };
        if (resetTitles) values.title = quality.name;
        return { qualityId: quality.id, values };
      }),
    );
  }

  /** Inserts the missing defaults; safe when several processes start at once. */
  async seed(tx: Transaction): Promise<void> {
    await this.definitions.insertMissing(
      tx,
      QUALITIES.map((quality) => ({
        qualityId: quality.id,
        title: quality.name,
        weight: quality.weight,
        minSize: 0,
        maxSize: defaultMaxSize(quality.id),
      })),
    );
  }

  private apply(definition: QualityDefinition, input: QualityDefinitionResource): void {
    if (input.title !== undefined) definition.title = input.title;
    if (input.minSize !== undefined) definition.minSize = input.minSize;
    if (input.maxSize !== undefined) definition.maxSize = input.maxSize;
  }
}

function validateSizes(inputs: QualityDefinitionResource[]): void {
  const failures = inputs.flatMap((input, index) => {
    const prefix = inputs.length > 1 ? `[${index}].` : '';
    const found = [];
    if (input.title !== undefined && !input.title.trim())
      found.push(failure(`${prefix}title`, "'Title' must not be empty.", input.title, 'NotEmptyValidator'));
    if (input.minSize != null && input.maxSize != null && input.maxSize < input.minSize)
      found.push(failure(`${prefix}maxSize`, 'Max Size must be greater than Min Size', input.maxSize));
    return found;
  });
  if (failures.length) throw new ValidationError(failures);
}
