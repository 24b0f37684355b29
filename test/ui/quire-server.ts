import { ChildProcess, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
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
 * Starts the BUILT Quire (`node dist/main.js`, UI in dist/web) as `npm start` does. A checkout that was never built
 * (`npm ci && npm test`) is built once here; otherwise the existing build is used, so run `npm run build` after a change.
 */
export async function startBuiltQuire(env: Record<string, string>): Promise<BuiltQuire> {
  if (!existsSync(join(root, 'dist', 'main.js')) || !existsSync(join(root, 'dist', 'web', 'index.html')))
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
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
