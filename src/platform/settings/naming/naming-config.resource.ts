import { IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { ToBoolean, ToInt } from '../../common/validation/transforms';
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

export const SAMPLE_KINDS = ['audiobook', 'ebook'] as const;
export type SampleKind = (typeof SAMPLE_KINDS)[number];

/** Query of `GET /config/naming/examples`: the unsaved form values; with `id` 0/absent the saved config is used. */
export class NamingExamplesQuery {
  @IsOptional() @ToInt() @IsInt() id?: number;
  @IsOptional() @ToBoolean() @IsBoolean() renameBooks?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() replaceIllegalCharacters?: boolean;
  @IsOptional() @ToInt() @IsInt() @IsIn(COLON_REPLACEMENT_FORMATS) colonReplacementFormat?: number;
  @IsOptional() @IsString() standardBookFormat?: string;
  @IsOptional() @IsString() authorFolderFormat?: string;
  @IsOptional() @ToBoolean() @IsBoolean() includeAuthorName?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() includeBookTitle?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() includeQuality?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() replaceSpaces?: boolean;
  @IsOptional() @IsString() separator?: string;
  @IsOptional() @IsString() numberStyle?: string;
  @IsOptional() @IsString() resourceName?: string;
  /** Quire's own: `ebook` renders the examples for an EPUB file; absent (Readarr's) for an MP3 audiobook. */
  @IsOptional() @IsIn(SAMPLE_KINDS) kind?: SampleKind;
}
