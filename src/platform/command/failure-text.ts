import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { types } from 'node:util';

/**
 * What a failed command may tell its client: the error in words. Stack frames and the absolute paths of Quire's own
 * installation (its folder, `dist/`, `node_modules`) say nothing to a user and reveal how the server is laid out,
 * so they stay in the log.
 */

/** A line of a JavaScript stack trace: `    at fn (file.js:1:2)`. */
const STACK_FRAME = /^\s+at\s.*$/;

/** Any absolute path (or `file://` URL) up to its last `node_modules` folder; the package path after it is kept. */
const NODE_MODULES_PREFIX = /(?:file:\/\/)?(?:[A-Za-z]:)?(?:[\\/][^\s'"`()[\]<>,;]*)?[\\/]node_modules[\\/]/g;

/** The folder holding the nearest `package.json` above `from`: where Quire is installed (or checked out). */
function packageRoot(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Quire's installation folder and, when it is an installation too, the working directory. A working directory
 * that holds no `package.json` is left alone: it may be the folder of the user's own library, whose paths are
 * meaningful in a message.
 */
function installationRoots(): string[] {
  const roots = new Set<string>();
  const own = packageRoot(__dirname);
  if (own) roots.add(own);
  const cwd = process.cwd();
  if (existsSync(join(cwd, 'package.json'))) roots.add(cwd);
  // The filesystem root is never stripped: every path starts with it.
  return [...roots].filter((root) => dirname(root) !== root).sort((a, b) => b.length - a.length);
}

const INSTALLATION_ROOTS = installationRoots();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `text` without stack frames and with the installation's paths made relative to it. */
export function withoutInstallationDetails(text: string, roots: readonly string[] = INSTALLATION_ROOTS): string {
  let clean = text
    .split(/\r?\n/)
    .filter((line) => !STACK_FRAME.test(line))
    .join('\n')
    .replace(NODE_MODULES_PREFIX, '');
  for (const root of roots) {
    const path = `(?:file://)?${escapeRegExp(root)}`;
    clean = clean
      .replace(new RegExp(`${path}(?:${escapeRegExp(sep)}|/)`, 'g'), '')
      .replace(new RegExp(`${path}(?![^\\s'"\`:),;])`, 'g'), '.');
  }
  return clean.trim();
}

/** Errors made by Node itself (fs, net) come from another realm under test runners: `instanceof` misses them. */
function isError(error: unknown): error is Error {
  return error instanceof Error || types.isNativeError(error);
}

/** The message of a failed command: the error's own message, cleaned. */
export function failureMessage(error: unknown): string {
  const text = isError(error) ? error.message : String(error);
  return withoutInstallationDetails(text) || (isError(error) ? error.name : 'Failed');
}

/** The `exception` of a failed command: the error's kind and message, never its stack. */
export function failureException(error: unknown): string {
  if (!isError(error)) return failureMessage(error);
  return `${error.name}: ${failureMessage(error)}`;
}
