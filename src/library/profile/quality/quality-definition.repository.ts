import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { QualityDefinition } from './quality-definition.entity';

/** Writes to `quality_definition` beyond plain saves. */
@Injectable()
export class QualityDefinitionRepository {
  /** Inserts the definitions whose quality has none yet; safe when several processes seed at once. */
  async insertMissing(manager: EntityManager, rows: Partial<QualityDefinition>[]): Promise<void> {
    await manager.createQueryBuilder().insert().into(QualityDefinition).values(rows).orIgnore().execute();
  }
}
