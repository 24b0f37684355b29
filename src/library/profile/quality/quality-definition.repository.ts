import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { managerOf, type Transaction } from '../../../platform/database/transaction';
import { QualityDefinition } from './quality-definition.entity';

/** The `quality_definition` table. */
@Injectable()
export class QualityDefinitionRepository {
  constructor(@InjectRepository(QualityDefinition) private readonly definitions: Repository<QualityDefinition>) {}

  /** Best last (by weight), as Readarr lists them. */
  findAll(): Promise<QualityDefinition[]> {
    return this.definitions.find({ order: { weight: 'ASC', id: 'ASC' } });
  }

  findById(id: number, tx?: Transaction): Promise<QualityDefinition | null> {
    return this.within(tx).findOneBy({ id });
  }

  save(definition: QualityDefinition, tx?: Transaction): Promise<QualityDefinition> {
    return this.within(tx).save(definition);
  }

  /** Updates the definition of each quality with its values, all in one transaction. */
  async updateByQuality(changes: { qualityId: number; values: Partial<QualityDefinition> }[]): Promise<void> {
    await this.definitions.manager.transaction(async (manager) => {
      for (const { qualityId, values } of changes) await manager.update(QualityDefinition, { qualityId }, values);
    });
  }

  /** Inserts the definitions whose quality has none yet; safe when several processes seed at once. */
  async insertMissing(tx: Transaction, rows: Partial<QualityDefinition>[]): Promise<void> {
    await managerOf(tx).createQueryBuilder().insert().into(QualityDefinition).values(rows).orIgnore().execute();
  }

  private within(tx: Transaction | undefined): Repository<QualityDefinition> {
    return tx ? managerOf(tx).getRepository(QualityDefinition) : this.definitions;
  }
}
