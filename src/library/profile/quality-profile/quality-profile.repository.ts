import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { QualityProfile } from './quality-profile.entity';

/** Writes to `quality_profile` beyond plain saves. */
@Injectable()
export class QualityProfileRepository {
  /** Inserts a default profile unless one of that name exists (seeding, under the seeding lock). */
  async insertUnlessPresent(manager: EntityManager, row: Partial<QualityProfile>): Promise<void> {
    await manager.createQueryBuilder().insert().into(QualityProfile).values(row).orIgnore().execute();
  }

  /** Drops a custom format's score from every profile that has one (the format is being deleted). */
  async removeFormatScores(manager: EntityManager, formatId: number): Promise<void> {
    await manager.query(
      `UPDATE quality_profile
          SET format_items = COALESCE((SELECT jsonb_agg(item) FROM jsonb_array_elements(format_items) item
                                        WHERE (item->>'format')::int <> $1), '[]'::jsonb)
        WHERE format_items @> $2::jsonb`,
      [formatId, JSON.stringify([{ format: formatId }])],
    );
  }
}
