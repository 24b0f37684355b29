import { IsBoolean, IsInt, IsOptional } from 'class-validator';
import { ToInt } from '../../platform/common/validation/transforms';

export class SeriesBookLinkResource {
  id!: number;
  position?: string;
  /** Readarr's integer position (2.5 → 2); links are listed in exact order (2 before 2.5 before 3). */
  seriesPosition!: number;
  seriesId!: number;
  bookId!: number;
}

export class SeriesResource {
  id!: number;
  title!: string;
  description?: string;
  links!: SeriesBookLinkResource[];
  /** Quire extension: the series' books, present and future, are monitored. */
  monitored!: boolean;
}

export class SeriesListQuery {
  @IsOptional()
  @ToInt()
  @IsInt()
  authorId?: number;
}

/** PUT /api/v1/series/{id} (Quire extension): other SeriesResource fields may be sent back and are ignored. */
export class SeriesUpdateResource {
  @IsOptional()
  @IsInt()
  id?: number;

  @IsBoolean()
  monitored!: boolean;
}
