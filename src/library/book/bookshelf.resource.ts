import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import {
  MonitorTypes,
  type MonitorTypesName,
  NewItemMonitorTypes,
  type NewItemMonitorTypesName,
} from '../author/catalogue.enums';
import { WireEnumField } from '../../platform/common/validation/transforms';
import type { BookResource } from './book.resource';

export class MonitoringOptions {
  @IsOptional()
  @WireEnumField(MonitorTypes)
  monitor?: MonitorTypesName;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  booksToMonitor?: string[];

  @IsOptional()
  @IsBoolean()
  monitored?: boolean;
}

export class BookshelfAuthorResource {
  @IsInt()
  id!: number;

  @IsOptional()
  @IsBoolean()
  monitored?: boolean;

  /** Read-only here (ignored on input, as in Readarr). */
  books?: BookResource[];
}

export class BookshelfResource {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => BookshelfAuthorResource)
  authors!: BookshelfAuthorResource[];

  @IsOptional()
  @ValidateNested()
  @Type(() => MonitoringOptions)
  monitoringOptions?: MonitoringOptions;

  @IsOptional()
  @WireEnumField(NewItemMonitorTypes)
  monitorNewItems?: NewItemMonitorTypesName;
}
