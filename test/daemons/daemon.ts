import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The shared part of every real-daemon harness: a throw-away directory, free loopback ports, the child process and
 * its output (kept for the error message when the daemon does not come up), a readiness poll and a clean stop.
 * Each daemon (qBittorrent, Transmission; Deluge, rTorrent, aria2, NZBGet later) only writes its own config and
 * says how to start and when it is ready.
 */
export abstract class RealDaemon {
  /** Root of everything the daemon writes: config, profile, downloads. Removed on stop. */
  readonly root: string;
  private child?: ChildProcess;
  private output = '';
  private exited?: string;

  protected constructor(readonly name: string) {
    this.root = mkdtempSync(join(tmpdir(), `quire-daemon-${name}-`));
  }

  /** Writes the daemon's configuration before it starts. */
  protected abstract configure(): Promise<void>;
  /** The executable and its arguments. */
  protected abstract command(): { file: string; args: string[] };
  /** Resolves true once the daemon answers on its API port. */
  protected abstract ready(): Promise<boolean>;

  async start(timeoutMs = 20_000): Promise<this> {
    await this.configure();
    const { file, args } = this.command();
    const child = spawn(file, args, {
      cwd: this.root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: this.root },
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', (code, signal) => {
      this.exited = `exited with ${signal ?? code}`;
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exited) break;
      if (await this.ready().catch(() => false)) return this;
      await sleep(150);
    }
    await this.stop();
    throw new Error(`${this.name} did not start (${this.exited ?? 'timed out'}):\n${this.output}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(this.root, { recursive: true, force: true });
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port free on 127.0.0.1 right now (the kernel picks it; the daemon binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it holds (daemons apply some changes asynchronously: rechecks, category moves). */
export async function until<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await sleep(200);
  }
  throw new Error(`Timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
}
