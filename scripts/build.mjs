// Builds the server (dist/, by `nest build`) and the web UI (dist/web/, by Vite) — both, or the one named.
//   node scripts/build.mjs [server|web] [--if-changed]
// --if-changed builds a part only when one of its inputs is newer than its last build, so `npm start` and
// `npm run migrate` start at once on an unchanged checkout. A server build never touches dist/web: a running
// Quire keeps serving its UI while a CLI rebuilds the server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { planBuild } from './build-plan.cjs';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** The files each part is built from, and the file whose presence means a build exists. */
export const PARTS = {
  server: {
    inputs: ['src', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json'],
    output: join(dist, 'main.js'),
    stamp: join(dist, '.server-build'),
  },
  web: {
    inputs: ['web', 'package-lock.json'],
    output: join(dist, 'web', 'index.html'),
    // Outside dist/web: Vite empties that folder on every build.
    stamp: join(dist, '.web-build'),
  },
};

/** The newest modification time (ms) under the given paths; 0 when none exists. */
function newestInput(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stats = statSync(path);
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else newest = Math.max(newest, stats.mtimeMs);
  };
  for (const path of paths) visit(join(root, path));
  return newest;
}

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : undefined);

function run(command, args) {
  // A build started from a test run inherits NODE_ENV=test, which would make Vite bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw Object.assign(new Error(`${command} failed`), { exitCode: result.status ?? 1 });
}

const BUILDERS = {
  server() {
    // Everything nest built before goes (renamed or deleted sources leave no stale module behind), the UI stays.
    if (existsSync(dist))
      for (const name of readdirSync(dist))
        if (name !== 'web' && name !== '.web-build') rmSync(join(dist, name), { recursive: true, force: true });
    run(bin('nest'), ['build', '-p', 'tsconfig.build.json']);
  },
  web() {
    run(bin('vite'), ['build', '--config', 'web/vite.config.ts']);
    run(process.execPath, [join(root, 'web', 'precompress.mjs')]);
  },
};

/**
 * One build at a time per checkout: two processes starting Quire at once (parallel browser specs, npm start beside a
 * test run) would otherwise wipe each other's output. A lock folder older than LOCK_STALE_MS is taken over.
 */
const LOCK = join(root, '.build-lock');
const LOCK_STALE_MS = 15 * 60_000;

function withBuildLock(work) {
  const waitUntil = Date.now() + LOCK_STALE_MS;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (mtime(LOCK) ?? Date.now());
      if (age > LOCK_STALE_MS || Date.now() > waitUntil) rmSync(LOCK, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const named = args.filter((arg) => arg in PARTS);
  const wanted = named.length ? named : Object.keys(PARTS);
  const ifChanged = args.includes('--if-changed');
  // Planned inside the lock: a build that was running when this one started may have made it unnecessary.
  try {
    withBuildLock(() => {
      for (const name of wanted) {
        const part = PARTS[name];
        const plan = planBuild({
          ifChanged,
          outputExists: existsSync(part.output),
          lastBuild: mtime(part.stamp),
          newestInput: ifChanged ? newestInput(part.inputs) : 0,
        });
        if (!plan.build) continue;
        if (ifChanged) console.log(`Building the ${name}: ${plan.reason}.`);
        BUILDERS[name]();
        mkdirSync(dist, { recursive: true });
        writeFileSync(part.stamp, `${new Date().toISOString()}\n`);
      }
    });
  } catch (error) {
    // The tool has printed why; the lock is released already.
    process.exitCode = error.exitCode ?? 1;
    if (!error.exitCode) console.error(error);
  }
}
