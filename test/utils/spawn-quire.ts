import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

export interface QuireProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

const LISTENING = /Quire listening on (http:\/\/[^:/]+:\d+)/;

/**
 * Runs Quire (`args` after the node binary) on PORT=0 and waits for its "Quire listening on" line, which names the
 * port the system gave it. A port picked beforehand and probed with /ping could be taken meanwhile by another test's
 * server, and the probe would then talk to that one.
 */
export async function startQuireChild(args: string[], env: Record<string, string | undefined>, timeoutMs: number) {
  let output = '';
  // A variable given as undefined is left out (a test of saved settings needs PORT or LOG_LEVEL unset).
  const given = Object.entries({ PATH: process.env.PATH ?? '', PORT: '0', BIND_ADDRESS: '127.0.0.1', ...env });
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: Object.fromEntries(given.filter((entry): entry is [string, string] => entry[1] !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Quire did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    let started = false;
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = started ? null : LISTENING.exec(output);
      if (listening) {
        started = true;
        clearTimeout(timer);
        resolve(listening[1]);
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Quire exited with ${code}:\n${output}`));
    });
  });
  return {
    child,
    url,
    output: () => output,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Starts `src/main.ts` in a child process (as `npm start` would run dist/main.js) and waits until it listens. */
export async function spawnQuire(env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<QuireProcess> {
  return startQuireChild(
    ['-r', 'ts-node/register/transpile-only', join(root, 'src', 'main.ts')],
    { LOG_LEVEL: 'info', ...env },
    timeoutMs,
  );
}
