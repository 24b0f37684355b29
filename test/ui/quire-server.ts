import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../utils/spawn-quire';

const root = join(__dirname, '..', '..');

export interface BuiltQuire {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the BUILT Quire (`node dist/main.js`, UI in dist/web) as `npm start` does. A checkout that was never built
 * (`npm ci && npm test`) is built once here; otherwise the existing build is used, so run `npm run build` after a change.
 */
export async function startBuiltQuire(env: Record<string, string>): Promise<BuiltQuire> {
  if (!existsSync(join(root, 'dist', 'main.js')) || !existsSync(join(root, 'dist', 'web', 'index.html')))
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [join(root, 'dist', 'main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      BIND_ADDRESS: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-ui-data-')),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Quire exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`Quire did not start:\n${output}`);
    try {
      if ((await fetch(`${url}/ping`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
