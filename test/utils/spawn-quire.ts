import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

export interface QuireProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `src/main.ts` in a child process (as `npm start` would run dist/main.js) and waits for /ping. */
export async function spawnQuire(env: Record<string, string>, timeoutMs = 60_000): Promise<QuireProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', join(root, 'src', 'main.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), BIND_ADDRESS: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Quire exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/ping`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`Quire did not start within ${timeoutMs} ms:\n${output}`);
  }
  return {
    child,
    url,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
