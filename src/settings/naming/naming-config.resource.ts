import { IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { COLON_REPLACEMENT_FORMATS } from './naming-config';

/** Readarr's NamingConfigResource; the helper fields (includeAuthorName … numberStyle) are derived on output. */
export class NamingConfigResource {
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsBoolean() renameBooks?: boolean;
  @IsOptional() @IsBoolean() replaceIllegalCharacters?: boolean;
  @IsOptional()
  @IsInt()
  @IsIn(COLON_REPLACEMENT_FORMATS, { message: 'colonReplacementFormat must be one of: 0, 1, 2, 3, 4' })
  colonReplacementFormat?: number;
  @IsOptional() @IsString() standardBookFormat?: string;
  @IsOptional() @IsString() authorFolderFormat?: string;
  @IsOptional() @IsBoolean() includeAuthorName?: boolean;
  @IsOptional() @IsBoolean() includeBookTitle?: boolean;
  @IsOptional() @IsBoolean() includeQuality?: boolean;
  @IsOptional() @IsBoolean() replaceSpaces?: boolean;
  @IsOptional() @IsString() separator?: string;
  @IsOptional() @IsString() numberStyle?: string;
}
