import { IsBoolean, IsDateString, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { ToBoolean, ToInt } from '../../platform/common/validation/transforms';

export class CalendarQuery {
  @IsOptional()
  @IsDateString()
  start?: string;

  @IsOptional()
  @IsDateString()
  end?: string;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  unmonitored?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  includeAuthor?: boolean;
}

export class CalendarFeedQuery {
  @IsOptional()
  @ToInt()
  @IsInt()
  @Min(0)
  @Max(3650)
  pastDays?: number;

  @IsOptional()
  @ToInt()
  @IsInt()
  @Min(0)
  @Max(3650)
  futureDays?: number;

  /** Comma-separated tag ids or labels. */
  @IsOptional()
  @IsString()
  tagList?: string;

  /** What Readarr's UI actually sends (the server only read tagList; Quire honours both). */
  @IsOptional()
  @IsString()
  tags?: string;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  unmonitored?: boolean;
}
