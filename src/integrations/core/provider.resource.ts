import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsArray, IsBoolean, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { WireEnumField } from '../../platform/common/validation/transforms';
import { WireEnum } from '../../platform/common/wire/wire-enum';
import { ValidationFailure } from '../../platform/common/errors/domain-errors';

export const ApplyTags = new WireEnum({ add: 0, remove: 1, replace: 2 });
export const ProviderMessageType = new WireEnum({ info: 0, warning: 1, error: 2 });

export class SelectOption {
  value: number;
  name?: string;
  order: number;
  hint?: string;
}

/** Readarr's `Field`; on input only `name` and `value` matter. */
@ApiSchema({ name: 'Field' })
export class FieldResource {
  @IsOptional() @IsInt() order?: number;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsString() label?: string;
  @IsOptional() @IsString() unit?: string;
  @IsOptional() @IsString() helpText?: string;
  @IsOptional() @IsString() helpTextWarning?: string;
  @IsOptional() @IsString() helpLink?: string;
  @Allow()
  @ApiProperty({ required: false, nullable: true, description: 'string, number, boolean or list' })
  value?: unknown;
  @IsOptional() @IsString() type?: string;
  @IsOptional() @IsBoolean() advanced?: boolean;
  @Allow() selectOptions?: SelectOption[];
  @IsOptional() @IsString() selectOptionsProviderAction?: string;
  @IsOptional() @IsString() section?: string;
  @IsOptional() @IsString() hidden?: string;
  @IsOptional() @IsString() placeholder?: string;
  @IsOptional() @IsBoolean() isFloat?: boolean;
  /** Quire addition: `normal`, `password`, `apiKey` or `userName`; password and apiKey values are masked. */
  @IsOptional() @IsString() privacy?: string;
}

@ApiSchema({ name: 'ProviderMessage' })
export class ProviderMessageResource {
  message?: string;
  @ApiProperty({ enum: ProviderMessageType.names }) type: string;
}

/** The part every provider resource shares (Readarr's ProviderResource<T>). */
export class ProviderResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => FieldResource) fields?: FieldResource[];
  @IsOptional() @IsString() implementationName?: string;
  @IsOptional() @IsString() implementation?: string;
  @IsOptional() @IsString() configContract?: string;
  @IsOptional() @IsString() infoLink?: string;
  message?: ProviderMessageResource;
  @IsOptional() @IsArray() @IsInt({ each: true }) tags?: number[];
}

/** The part every `*BulkResource` shares. */
export class ProviderBulkResource {
  @IsOptional() @IsArray() @IsInt({ each: true }) ids?: number[];
  @IsOptional() @IsArray() @IsInt({ each: true }) tags?: number[];
  @IsOptional() @WireEnumField(ApplyTags) applyTags?: string;
}

export class ProviderTestAllResult {
  id: number;
  isValid: boolean;
  validationFailures: ValidationFailure[];
}
