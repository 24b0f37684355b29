import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { EnvError, EnvService } from './platform/env/env.service';

const USAGE = `Usage: node dist/cli.js <command>   (from source: npm run apikey)

Commands:
  apikey [--force]   print the API key of the configured database (DATABASE_URL, else the embedded one in
                     DATA_DIR) without starting the server; generates and stores one if there is none yet.
                     The embedded database must not be open in a running Quire (--force: ignore a stale lock).`;

async function printApiKey(env: EnvService, force: boolean): Promise<void> {
  // Loaded here so that `--help` and a bad environment answer without loading TypeORM.
  const { openStandaloneDatabase } = await import('./platform/database/standalone-database');
  const { apiKeyOf } = await import('./platform/auth/api-key-cli');
  const { storedApiKey } = await import('./platform/database/stored-api-key');
  const database = await openStandaloneDatabase(env, { force });
  try {
    const key = await apiKeyOf(env, (generate) => storedApiKey(database.dataSource, generate));
    process.stdout.write(`${key}\n`);
  } finally {
    await database.close();
  }
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === '--help' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (command !== 'apikey') {
    console.error(`Unknown command '${command}'.\n\n${USAGE}`);
    return 1;
  }
  let env: EnvService;
  try {
    env = EnvService.fromProcess();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    return 1;
  }
  // stdout carries the key alone (scripts capture it); Nest's progress lines would go there too.
  Logger.overrideLogger(['error', 'fatal']);
  await printApiKey(env, rest.includes('--force'));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
