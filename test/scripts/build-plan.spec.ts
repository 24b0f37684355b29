import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script of the repository, not a module of src/
const { planBuild } = require('../../scripts/build-plan.cjs') as {
  planBuild: (state: { ifChanged: boolean; outputExists: boolean; lastBuild?: number; newestInput: number }) => {
    build: boolean;
    reason: string;
  };
};

describe('build plan (npm start, npm run migrate)', () => {
  const built = { ifChanged: true, outputExists: true, lastBuild: 2_000 };

  it('skips a part whose last build is newer than every input', () => {
    expect(planBuild({ ...built, newestInput: 1_000 })).toEqual({ build: false, reason: 'up to date' });
  });

  it('builds a part when an input changed after its last build', () => {
    expect(planBuild({ ...built, newestInput: 3_000 }).build).toBe(true);
  });

  it('builds what was never built, or built by another tool', () => {
    expect(planBuild({ ...built, outputExists: false, newestInput: 0 }).build).toBe(true);
    expect(planBuild({ ...built, lastBuild: undefined, newestInput: 0 }).build).toBe(true);
  });

  it('always builds without --if-changed', () => {
    expect(planBuild({ ...built, ifChanged: false, newestInput: 0 }).build).toBe(true);
  });

  it('a server build keeps the web UI: the build script never deletes dist/web', () => {
    // The clean step of the server build names what it keeps; nest's own wipe is off.
    const script = execFileSync('cat', [join(__dirname, '..', '..', 'scripts', 'build.mjs')]).toString();
    expect(script).toMatch(/name !== 'web'/);
    const nest = JSON.parse(execFileSync('cat', [join(__dirname, '..', '..', 'nest-cli.json')]).toString());
    expect(nest.compilerOptions.deleteOutDir).toBe(false);
  });

  it('builds production bundles even when started from a test run (NODE_ENV=test)', () => {
    const script = execFileSync('cat', [join(__dirname, '..', '..', 'scripts', 'build.mjs')]).toString();
    expect(script).toMatch(/NODE_ENV: 'production'/);
  });
});
