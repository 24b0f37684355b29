import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');

function runMain(env: Record<string, string>) {
  return spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', join(root, 'src', 'main.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('start-up configuration', () => {
  it.each([
    ['PORT', 'abc'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'mysql://nope'],
    ['HUB_SMTP_PORT', '0'],
  ])('refuses %s=%s with exit code 1 and one clear line naming the variable', (name, value) => {
    const result = runMain({ [name]: value });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Invalid configuration: ${name} `);
    expect(lines[0]).toContain(JSON.stringify(value));
  });
});
