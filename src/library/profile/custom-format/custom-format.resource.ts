import { Type } from 'class-transformer';
import { Allow, IsArray, IsBoolean, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';

export class SelectOption {
  value: number;
  name: string;
  order: number;
  hint?: string;
}

/** Readarr's provider `Field`; on input only `name` and `value` matter. */
export class Field {
  @IsOptional() @IsInt() order?: number;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsString() label?: string;
  @IsOptional() @IsString() unit?: string;
  @IsOptional() @IsString() helpText?: string;
  @IsOptional() @IsString() helpTextWarning?: string;
  @IsOptional() @IsString() helpLink?: string;
  @Allow() value?: unknown;
  @IsOptional() @IsString() type?: string;
  @IsOptional() @IsBoolean() advanced?: boolean;
  @Allow() selectOptions?: SelectOption[];
  @IsOptional() @IsString() selectOptionsProviderAction?: string;
  @IsOptional() @IsString() section?: string;
  @IsOptional() @IsString() hidden?: string;
  @IsOptional() @IsString() placeholder?: string;
  @IsOptional() @IsBoolean() isFloat?: boolean;
}

export class CustomFormatSpecificationSchema {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsString() implementation?: string;
  @IsOptional() @IsString() implementationName?: string;
  @IsOptional() @IsString() infoLink?: string;
  @IsOptional() @IsBoolean() negate?: boolean;
  @IsOptional() @IsBoolean() required?: boolean;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => Field) fields?: Field[];
  @Allow() presets?: CustomFormatSpecificationSchema[];
}

export class CustomFormatResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsBoolean() includeCustomFormatWhenRenaming?: boolean;
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => CustomFormatSpecificationSchema)
  specifications?: CustomFormatSpecificationSchema[];
}
