import { Injectable } from '@nestjs/common';
import {
  CommandHandler,
  type CommandContext,
  type CommandHandlerInstance,
} from '../../platform/command/command-handler.decorator';
import { BadRequestError } from '../../platform/common/errors/domain-errors';
import { safePath } from '../filesystem/safe-path';
import { ImportApprovedService } from './import-approved.service';
import type { ImportModeName } from './import-source';
import { ImportDecisionService, listMediaFiles } from './import-decision.service';
import { isApproved } from './import-decision.types';
import { type ManualImportFile, ManualImportService } from './manual-import.service';

function importMode(value: unknown): ImportModeName {
  const mode =
    typeof value === 'number'
      ? ['auto', 'move', 'copy'][value]
      : typeof value === 'string'
        ? value.toLowerCase()
        : 'auto';
  if (mode !== 'auto' && mode !== 'move' && mode !== 'copy')
    throw new BadRequestError('importMode must be auto, move or copy');
  return mode;
}

/** `ManualImport {files: [{path, authorId, bookId, foreignEditionId, quality, downloadId}], importMode, replaceExistingFiles}`. */
@Injectable()
@CommandHandler('ManualImport', { diskAccess: true })
export class ManualImportHandler implements CommandHandlerInstance {
  constructor(private readonly manualImport: ManualImportService) {}

  async execute(body: Record<string, unknown>, context: CommandContext): Promise<string> {
    if (!Array.isArray(body.files)) throw new BadRequestError('files must be an array');
    const files = body.files as ManualImportFile[];
    await context.progress(`Importing ${files.length} files`);
    const result = await this.manualImport.importFiles(
      files,
      importMode(body.importMode),
      body.replaceExistingFiles === true,
    );
    const rejected = result.rejected.length ? `; not imported: ${result.rejected.join(' | ')}` : '';
    return `Imported ${result.imported} of ${files.length} files${rejected}`;
  }
}

/** `DownloadedBooksScan {path, downloadClientId, importMode}`: the import hook scripts call for a finished folder. */
@Injectable()
@CommandHandler('DownloadedBooksScan', { diskAccess: true })
export class DownloadedBooksScanHandler implements CommandHandlerInstance {
  constructor(
    private readonly decisions: ImportDecisionService,
    private readonly importer: ImportApprovedService,
  ) {}

  async execute(body: Record<string, unknown>): Promise<string> {
    const path = safePath(body.path);
    const decisions = await this.decisions.decide(await listMediaFiles(path), {});
    const results = await this.importer.import(decisions.filter(isApproved), {
      downloadId: typeof body.downloadClientId === 'string' ? body.downloadClientId : undefined,
      mode: importMode(body.importMode),
    });
    return `Imported ${results.filter((r) => r.imported).length} of ${decisions.length} files`;
  }
}
