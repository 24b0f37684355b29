import { IsNumber, IsOptional, IsString } from 'class-validator';
import { WireEnumField } from '../../platform/common/validation/transforms';
import { MediaCoverTypes, type MediaCoverTypesName } from './catalogue.enums';

/** An image of an author, book or edition; `url` is local, `remoteUrl` the source's. */
export class MediaCover {
  @IsOptional()
  @IsString()
  url?: string;

  @IsOptional()
  @WireEnumField(MediaCoverTypes)
  coverType?: MediaCoverTypesName;

  /** Read-only: the file extension of the url. */
  extension?: string;

  @IsOptional()
  @IsString()
  remoteUrl?: string;
}

export class Links {
  @IsOptional()
  @IsString()
  url?: string;

  @IsOptional()
  @IsString()
  name?: string;
}

export class Ratings {
  @IsOptional()
  @IsNumber()
  votes?: number;

  @IsOptional()
  @IsNumber()
  value?: number;

  @IsOptional()
  @IsNumber()
  popularity?: number;
}
