import { IsInt, IsOptional } from 'class-validator';
import { ToInt } from '../common/validation/transforms';

export class SeriesBookLinkResource {
  id!: number;
  position?: string;
  seriesPosition!: number;
  seriesId!: number;
  bookId!: number;
}

export class SeriesResource {
  id!: number;
  title!: string;
  description?: string;
  links!: SeriesBookLinkResource[];
}

export class SeriesListQuery {
  @IsOptional()
  @ToInt()
  @IsInt()
  authorId?: number;
}
