import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The tags of the authors an event is about, which decide the connections that have tags. */
@Injectable()
export class AuthorTagsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The tags of these authors together; an author that no longer exists has none. */
  async tagsOf(authorIds: number[]): Promise<number[]> {
    if (authorIds.length === 0) return [];
    const rows = await this.dataSource.query<{ tag: number }[]>(
      'SELECT DISTINCT unnest(tags) AS tag FROM author WHERE id = ANY($1::int[])',
      [authorIds],
    );
    return rows.map((row) => Number(row.tag));
  }
}
