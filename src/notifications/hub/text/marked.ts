import { dirname, join } from 'node:path';
import type * as MarkedModule from 'marked';

/**
 * marked is published as ES modules only. Node ≥20.19 can require() it (that is what runs in
 * production), but jest's module loader cannot, so there we load the UMD build the package ships beside
 * it (same code, same version; plain Node returns an empty object for that file). The types still come
 * from the package itself.
 */
function loadMarked(): typeof MarkedModule {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- require(esm), see above
    const native = require('marked') as typeof MarkedModule;
    if (typeof native.Marked === 'function') return native;
  } catch {
    // jest: fall through to the UMD build
  }
  const packageDir = dirname(require.resolve('marked/package.json'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above: the UMD file is not in "exports"
  return require(join(packageDir, 'lib', 'marked.umd.js')) as typeof MarkedModule;
}

export const markedLib = loadMarked();
export type { Token, Tokens } from 'marked';
