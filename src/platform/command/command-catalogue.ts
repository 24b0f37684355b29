import { failure, ValidationFailure } from '../common/errors/domain-errors';
import { CommandFlags } from './command-handler.decorator';

/** One entry of Readarr's command catalogue. */
export interface CatalogueEntry extends CommandFlags {
  /** Body fields besides the base ones, with their defaults (undefined = absent unless posted). */
  fields?: Record<string, unknown>;
  /** Readarr's `UpdateScheduledTask` when it is not simply `true`. */
  updateScheduledTask?: (body: Record<string, unknown>) => boolean;
  completionMessage?: string;
  /** Priority given to the command when it is posted through the API. */
  manualPriority?: 'high';
  /** Checks a posted body (field names as in `fields`); failures make POST /command answer 400. */
  validate?: (body: Record<string, unknown>) => ValidationFailure[];
}

const isId = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;

/** Quire's `SendToEReader`: `connectionId` of a Send to E-Reader connection and `bookIds` (or `bookFileIds`). */
function validateSendToEReader(body: Record<string, unknown>): ValidationFailure[] {
  const failures: ValidationFailure[] = [];
  if (!isId(body.connectionId))
    failures.push(
      failure('connectionId', "'Connection Id' must be the id of a Send to E-Reader connection.", body.connectionId),
    );
  const books = body.bookIds ?? [];
  const files = body.bookFileIds ?? [];
  if (!Array.isArray(books) || !books.every(isId))
    failures.push(failure('bookIds', "'Book Ids' must be a list of book ids.", body.bookIds));
  else if (!Array.isArray(files) || !files.every(isId))
    failures.push(failure('bookFileIds', "'Book File Ids' must be a list of book file ids.", body.bookFileIds));
  else if (books.length === 0 && files.length === 0)
    failures.push(failure('bookIds', "'Book Ids' must not be empty.", body.bookIds, 'NotEmptyValidator'));
  return failures;
}

const U = { sendUpdatesToClient: true } as const;

/** Every command name Readarr knows (and Quire's own), in its canonical spelling. POST accepts exactly these (any case). */
export const COMMAND_CATALOGUE: Readonly<Record<string, CatalogueEntry>> = {
  RefreshAuthor: {
    ...U,
    fields: { authorId: undefined, isNewAuthor: false },
    updateScheduledTask: (body) => body.authorId == null,
    completionMessage: 'Completed',
  },
  BulkRefreshAuthor: { ...U, fields: { authorIds: [], areNewAuthors: false }, updateScheduledTask: () => false },
  RefreshBook: {
    ...U,
    fields: { bookId: undefined },
    updateScheduledTask: (body) => body.bookId == null,
    completionMessage: 'Completed',
  },
  BulkRefreshBook: { ...U, fields: { bookIds: [] }, updateScheduledTask: () => false },
  AuthorSearch: { ...U, fields: { authorId: 0 } },
  BookSearch: { ...U, fields: { bookIds: [] } },
  MissingBookSearch: { ...U, fields: { authorId: undefined } },
  CutoffUnmetBookSearch: { ...U, fields: { authorId: undefined } },
  RssSync: { ...U, longRunning: true },
  RescanFolders: {
    ...U,
    diskAccess: true,
    fields: { folders: undefined, filter: 'known', addNewAuthors: true, authorIds: undefined },
    updateScheduledTask: (body) => body.folders == null,
  },
  DownloadedBooksScan: { fields: { path: undefined, downloadClientId: undefined, importMode: 'auto' } },
  ManualImport: {
    ...U,
    diskAccess: true,
    fields: { files: [], importMode: 'auto', replaceExistingFiles: false },
    manualPriority: 'high',
  },
  RenameFiles: { ...U, diskAccess: true, fields: { authorId: 0, files: [] } },
  RenameAuthor: { ...U, diskAccess: true, fields: { authorIds: [] } },
  RetagFiles: { ...U, diskAccess: true, fields: { authorId: 0, files: [], updateCovers: false, embedMetadata: false } },
  RetagAuthor: { ...U, diskAccess: true, fields: { authorIds: [], updateCovers: false, embedMetadata: false } },
  MoveAuthor: { ...U, diskAccess: true, fields: { authorId: 0, sourcePath: undefined, destinationPath: undefined } },
  BulkMoveAuthor: { ...U, diskAccess: true, fields: { author: [], destinationRootFolder: undefined } },
  ImportListSync: { ...U, typeExclusive: true, fields: { definitionId: undefined } },
  Backup: { ...U, fields: { type: 'manual' } },
  ClearBlocklist: { ...U },
  ClearLog: { ...U },
  DeleteLogFiles: { ...U },
  DeleteUpdateLogFiles: { ...U },
  ResetApiKey: { ...U },
  ResetQualityDefinitions: { fields: { resetTitles: false } },
  ApplicationUpdate: { ...U, exclusive: true, fields: { installMajorUpdate: false } },
  ApplicationUpdateCheck: { ...U, fields: { installMajorUpdate: false } },
  CheckHealth: {},
  Housekeeping: {},
  RefreshMonitoredDownloads: {},
  ProcessMonitoredDownloads: { diskAccess: true, longRunning: true },
  CheckForFinishedDownload: {},
  CleanUpRecycleBin: {},
  MessagingCleanup: {},
  Restart: {},
  Shutdown: {},
  Test: { ...U, fields: { duration: 4000 } },
  // Quire's own: mail books to an e-reader through a Send to E-Reader connection.
  SendToEReader: {
    ...U,
    fields: { bookIds: [], bookFileIds: undefined, connectionId: undefined },
    validate: validateSendToEReader,
  },
  Unknown: { fields: { contractName: undefined }, completionMessage: 'Skipped' },
};

export const COMMAND_NAMES: readonly string[] = Object.keys(COMMAND_CATALOGUE);

const BY_LOWER = new Map(COMMAND_NAMES.map((name) => [name.toLowerCase(), name]));

/** The canonical spelling of a command name, or undefined when Readarr has no such command. */
export function canonicalCommandName(name: string): string | undefined {
  return BY_LOWER.get(
    name
      .trim()
      .replace(/Command$/i, '')
      .toLowerCase(),
  );
}

/** `RefreshAuthor` → `Refresh Author` (Readarr's `commandName` and task `name`). */
export function splitCommandName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
}
