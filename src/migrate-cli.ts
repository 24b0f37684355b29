import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AppModule } from './app.module';
import { CommandExecutorService } from './platform/command/command-executor.service';
import { EnvError, EnvService } from './platform/env/env.service';
import { ReadarrMigrator } from './migration/readarr-import/readarr-migrator.service';
import { ReadarrDatabase, UnreadableSourceError } from './migration/readarr-import/readarr/readarr-database.repository';
import { extractBackup, sniffUpload } from './migration/readarr-import/readarr/readarr-upload';
import { formatReport, progressPrinter } from './migration/readarr-import/report/report-printer';

const USAGE =
  'Usage: npm run migrate -- --readarr-db <readarr.db | readarr_backup.zip> [--apply] [--json] [--output <report.json>]';

/**
 * `npm run migrate`: migrates a readarr.db (or a Readarr backup zip) into the Quire configured by the
 * environment (DATABASE_URL / DATA_DIR), a dry run unless --apply. This process is not a command worker:
 * its executor and scheduler are stopped before the migration starts, so nothing else runs and nothing is
 * queued (no refresh, search or grab).
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'readarr-db': { type: 'string' },
      apply: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      output: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values['readarr-db']) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const started = Date.now();
  const env = EnvService.fromProcess();
  const input = resolve(values['readarr-db']);
  const scratch = mkdtempSync(join(tmpdir(), 'quire-migrate-'));
  try {
    let databasePath = input;
    if ((await sniffUpload(input)) === 'zip')
      databasePath = (await extractBackup(input, join(scratch, 'readarr.db'))).databasePath;
    (await ReadarrDatabase.open(await readFile(databasePath))).close();

    const app = await NestFactory.createApplicationContext(AppModule.forRoot(env), { logger: ['error'] });
    try {
      await app.get(CommandExecutorService).beforeApplicationShutdown();
      const scheduler = app.get(SchedulerRegistry);
      for (const name of scheduler.getIntervals()) scheduler.deleteInterval(name);
      const report = await app
        .get(ReadarrMigrator)
        .migrate({ databasePath, displayName: basename(input) }, !values.apply, progressPrinter(process.stderr));
      if (values.output) writeFileSync(values.output, JSON.stringify(report, null, 2));
      console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
      const { maxRSS } = process.resourceUsage();
      console.error(
        `Took ${((Date.now() - started) / 1000).toFixed(1)} s, peak memory ${Math.round(maxRSS / 1024)} MB`,
      );
      return 0;
    } finally {
      await app.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof EnvError || error instanceof UnreadableSourceError) console.error(error.message);
    else console.error(error instanceof Error ? `Migration failed: ${error.message}` : error);
    process.exit(1);
  },
);
