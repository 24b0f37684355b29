import { ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startQuireChild } from '../utils/spawn-quire';

const root = join(__dirname, '..', '..');

export interface BuiltQuire {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the BUILT Quire (`node dist/main.js`, UI in dist/web) as `npm start` does, building first what is missing
 * or older than its sources (as `npm start` does), so the browser never tests a stale build.
 */
export async function startBuiltQuire(env: Record<string, string>): Promise<BuiltQuire> {
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-changed'], { cwd: root, stdio: 'inherit' });
  const quire = await startQuireChild(
    [join(root, 'dist', 'main.js')],
    { DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-ui-data-')), LOG_LEVEL: 'warn', ...env },
    60_000,
  );
  return {
    url: quire.url,
    child: quire.child,
    output: quire.output,
    stop: async () => {
      await quire.stop('SIGTERM');
    },
  };
}
