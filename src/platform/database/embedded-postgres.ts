import { Logger } from '@nestjs/common';
import { existsSync, mkdirSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import type { EmbeddedWorkerData, EmbeddedWorkerMessage } from './embedded-postgres.worker';

// The worker file beside this one: .js in dist, .ts when run from source (ts-node, jest), where the worker
// needs a TypeScript hook of its own: jest's transform does not reach worker threads.
const WORKER_FILE = join(__dirname, `embedded-postgres.worker${extname(__filename)}`);
const WORKER_EXEC_ARGV =
  extname(WORKER_FILE) === '.ts' && !process.execArgv.some((arg) => arg.includes('ts-node'))
    ? [...process.execArgv, '--require', 'ts-node/register/transpile-only']
    : undefined;
const STOP_TIMEOUT_MS = 30_000;
const INIT_ONLY_ARGUMENT = '--init-only';

/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly) stored under DATA_DIR/db,
 * served on a loopback port so TypeORM reaches it through the ordinary `pg` driver.
 * One dialect and one migration set serve both this and an external PostgreSQL.
 * PGlite runs in a worker thread (embedded-postgres.worker.ts); see there for why.
 */
export class EmbeddedPostgres {
  private readonly logger = new Logger(EmbeddedPostgres.name);
  private worker?: Worker;
  private stopping = false;

  constructor(
    private readonly dataDir: string,
    private readonly sharedBuffersMb: number,
  ) {}

  /** Starts PGlite and returns a connection URL for `pg`. */
  async start(maxConnections = 20): Promise<string> {
    const dir = resolve(join(this.dataDir, 'db'));
    mkdirSync(dir, { recursive: true });
    const started = Date.now();
    // initdb left ~500 MB resident for the life of the process when it ran in the server's own WebAssembly heap, and
    // still ~100 MB when it ran in a throwaway thread (the thread's freed memory stays in the process's allocator):
    // a throwaway child process creates the data directory, and its memory goes back to the system when it exits.
    if (!existsSync(join(dir, 'PG_VERSION'))) await this.initialise(dir);
    const worker = new Worker(WORKER_FILE, {
      workerData: { dir, maxConnections, sharedBuffersMb: this.sharedBuffersMb } satisfies EmbeddedWorkerData,
      execArgv: WORKER_EXEC_ARGV,
    });
    this.worker = worker;
    const ready = await new Promise<Extract<EmbeddedWorkerMessage, { type: 'ready' }>>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`Embedded PostgreSQL (PGlite) exited with code ${code}`)));
    }).finally(() => worker.removeAllListeners());
    worker.once('error', (error) => this.lost(error));
    worker.once('exit', (code) => this.lost(new Error(`exit code ${code}`)));
    this.logger.log(`Embedded PostgreSQL (PGlite) ready in ${Date.now() - started} ms`);
    return `postgresql://postgres@${ready.host}:${ready.port}/postgres`;
  }

  private async initialise(dir: string): Promise<void> {
    const started = Date.now();
    const child = fork(WORKER_FILE, [INIT_ONLY_ARGUMENT, dir], {
      execArgv: WORKER_EXEC_ARGV ?? process.execArgv,
      stdio: 'inherit',
    });
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`Creating the embedded database failed (exit code ${code})`)),
      );
    });
    this.logger.log(`Embedded PostgreSQL (PGlite) data directory created in ${Date.now() - started} ms`);
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker || this.stopping) return;
    this.stopping = true;
    worker.removeAllListeners();
    let timer: NodeJS.Timeout | undefined;
    const exited = new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      worker.once('error', (error) => this.logger.error(`Stopping the embedded database failed: ${String(error)}`));
      timer = setTimeout(() => {
        this.logger.error(`The embedded database did not stop within ${STOP_TIMEOUT_MS} ms; ending its thread`);
        void worker.terminate();
      }, STOP_TIMEOUT_MS);
    });
    worker.postMessage('stop');
    await exited;
    clearTimeout(timer);
    this.worker = undefined;
  }

  // In-process PGlite took the process down when it failed; keep that: nothing works without the database.
  private lost(error: unknown): void {
    if (this.stopping) return;
    this.logger.fatal(`Embedded PostgreSQL (PGlite) stopped unexpectedly: ${String(error)}`);
    process.exit(1);
  }
}

let early: { dataDir: string; embedded: EmbeddedPostgres; url: Promise<string> } | undefined;

/**
 * Starts the embedded database before the application's modules are loaded (main.ts), so its thread boots
 * while the main thread spends about a second in `require`. The database module takes it over; main.ts also reads
 * the saved host settings through the returned URL before the application exists.
 */
export function startEmbeddedEarly(dataDir: string, sharedBuffersMb: number): Promise<string> {
  const embedded = new EmbeddedPostgres(dataDir, sharedBuffersMb);
  const url = embedded.start();
  url.catch(() => undefined); // reported by whoever takes it over
  early = { dataDir, embedded, url };
  return url;
}

/** The early-started database for this data folder, once; undefined when none was started. */
export function takeEarlyEmbedded(dataDir: string): { embedded: EmbeddedPostgres; url: Promise<string> } | undefined {
  if (early?.dataDir !== dataDir) return undefined;
  const taken = early;
  early = undefined;
  return taken;
}
