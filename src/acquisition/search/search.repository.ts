import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { cutoffSets } from '../../library/book-file/quality-cutoff';
import type { QualityProfile } from '../../library/profile/quality-profile/quality-profile.entity';
import { cutoffUnmetCondition } from '../../library/book/book.repository';

const NO_FILE = `NOT EXISTS (SELECT 1 FROM book_file f JOIN edition fe ON fe.id = f.edition_id WHERE fe.book_id = b.id)`;

/** The book sets the search commands work on (the same conditions as wanted/missing and wanted/cutoff). */
@Injectable()
export class SearchRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private async ids(condition: string, authorId: number | undefined): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT b.id FROM book b JOIN author a ON a.id = b.author_id
       WHERE b.monitored AND a.monitored AND ${condition} ${authorId !== undefined ? 'AND b.author_id = $1' : ''}
       ORDER BY b.id`,
      authorId !== undefined ? [authorId] : [],
    );
    return rows.map((row) => row.id);
  }

  missingBookIds(authorId?: number): Promise<number[]> {
    return this.ids(`b.release_date <= now() AND ${NO_FILE}`, authorId);
  }

  cutoffUnmetBookIds(profiles: QualityProfile[], authorId?: number): Promise<number[]> {
    const condition = cutoffUnmetCondition(profiles.map((profile) => cutoffSets(profile, true)));
    return this.ids(condition, authorId);
  }

  monitoredBookIds(authorId: number): Promise<number[]> {
    return this.ids('true', authorId);
  }

  async markSearched(bookIds: number[]): Promise<void> {
    if (bookIds.length)
      await this.dataSource.query(`UPDATE book SET last_search_time = now() WHERE id = ANY($1::int[])`, [bookIds]);
  }
}
