import { BadRequestError } from '../../platform/common/errors/domain-errors';

/** The book files a `RenameFiles`/`RetagFiles` command covers, narrowed to its author when one is given. */
export interface FilesScope {
  authorIds?: number[];
  bookFileIds: number[];
}

function intArray(value: unknown, field: string): number[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => !Number.isInteger(v)))
    throw new BadRequestError(`${field} must be an array of integers`);
  return value as number[];
}

/** `{authorId, files}` of `RenameFiles`/`RetagFiles`; `undefined` when no files are named (400 when not integers). */
export function filesScope(body: Record<string, unknown>): FilesScope | undefined {
  const bookFileIds = intArray(body.files, 'files');
  const authorId = Number(body.authorId ?? 0);
  if (bookFileIds.length === 0) return undefined;
  return { authorIds: authorId > 0 ? [authorId] : undefined, bookFileIds };
}

/** `{authorIds}` of `RenameAuthor`/`RetagAuthor` (empty when none; 400 when not integers). */
export function commandAuthorIds(body: Record<string, unknown>): number[] {
  return intArray(body.authorIds, 'authorIds');
}
