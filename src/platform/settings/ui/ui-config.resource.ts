import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { UI_THEMES } from './ui-config';

export class UiConfigResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsInt() @Min(0) @Max(6) firstDayOfWeek?: number;
  @IsOptional() @IsString() calendarWeekColumnHeader?: string;
  @IsOptional() @IsString() shortDateFormat?: string;
  @IsOptional() @IsString() longDateFormat?: string;
  @IsOptional() @IsString() timeFormat?: string;
  @IsOptional() @IsBoolean() showRelativeDates?: boolean;
  @IsOptional() @IsBoolean() enableColorImpairedMode?: boolean;
  @IsOptional() @IsInt() uiLanguage?: number;
  @IsOptional() @IsString() @IsIn(UI_THEMES) theme?: string;
}
