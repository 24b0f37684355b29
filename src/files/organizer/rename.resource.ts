import { IsInt, IsOptional } from 'class-validator';
import { ToInt } from '../../platform/common/validation/transforms';

export class RenameBookResource {
  id?: number;
  authorId!: number;
  bookId!: number;
  bookFileId!: number;
  existingPath?: string;
  newPath?: string;
}

export class TagDifference {
  field?: string;
  oldValue?: string;
  newValue?: string;
}

export class RetagBookResource {
  id?: number;
  authorId!: number;
  bookId!: number;
  trackNumbers!: number[];
  bookFileId!: number;
  path?: string;
  changes!: TagDifference[];
}

/** `?authorId=&bookId=` of the rename and retag previews. */
export class RenamePreviewQuery {
  @IsOptional() @ToInt() @IsInt() authorId?: number;
  @IsOptional() @ToInt() @IsInt() bookId?: number;
}
