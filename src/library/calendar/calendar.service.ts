import { Injectable } from '@nestjs/common';
import ical from 'ical-generator';
import { BookRepository } from '../book/book.repository';
import { BookQueryService } from '../book/book-query.service';
import { wireJsonReplacer } from '../../platform/common/wire/json-replacer';
import { CalendarRepository } from './calendar.repository';
import type { CalendarFeedQuery, CalendarQuery } from './calendar.resource';

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfToday(): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** Books by release date: the JSON calendar and the iCal feed. */
@Injectable()
export class CalendarService {
  constructor(
    private readonly books: BookQueryService,
    private readonly bookRows: BookRepository,
    private readonly repository: CalendarRepository,
  ) {}

  /**
   * Readarr: default window today .. today + 2 days; monitored book and author unless `unmonitored`. The answer
   * as JSON text: without authors, the rows' wire JSON is joined as it comes (never parsed and serialised again).
   */
  async listJson(query: CalendarQuery): Promise<string> {
    const start = query.start ? new Date(query.start) : startOfToday();
    const end = query.end ? new Date(query.end) : new Date(startOfToday().getTime() + 2 * DAY_MS);
    const rows = await this.bookRows.findReleasedBetween(start, end, !query.unmonitored);
    if (!query.includeAuthor) return this.books.jsonArray(rows);
    return JSON.stringify(await this.books.resources(rows, true), wireJsonReplacer);
  }

  async feed(query: CalendarFeedQuery): Promise<string> {
    const today = startOfToday();
    const start = new Date(today.getTime() - (query.pastDays ?? 7) * DAY_MS);
    const end = new Date(today.getTime() + ((query.futureDays ?? 28) + 1) * DAY_MS);
    const tagIds = await this.resolveTags([query.tagList, query.tags].filter(Boolean).join(','));
    const rows = await this.repository.findFeedRows({ start, end, monitoredOnly: !query.unmonitored, tagIds });
    const calendar = ical({
      name: 'Quire Book Schedule',
      prodId: { company: 'quire', product: 'Quire', language: 'EN' },
    });
    for (const row of rows) {
      calendar.createEvent({
        id: `Quire_book_${row.id}`,
        start: row.releaseDate,
        allDay: true,
        summary: `${row.authorName} - ${row.title}`,
        description: row.overview ?? undefined,
        categories: (row.genres ?? []).map((name) => ({ name })),
      });
    }
    return calendar.toString();
  }

  /** Tag ids or labels → ids; undefined when no tag filter was given (an unknown label matches nothing). */
  private async resolveTags(list: string): Promise<number[] | undefined> {
    const entries = list
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length === 0) return undefined;
    const ids = entries.filter((entry) => /^\d+$/.test(entry)).map(Number);
    const labels = entries.filter((entry) => !/^\d+$/.test(entry));
    if (labels.length > 0) ids.push(...(await this.repository.tagIdsByLabels(labels)));
    return ids;
  }
}
