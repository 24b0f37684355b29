// After `vite build`: writes .br and .gz beside every hashed script and stylesheet, so Quire sends them as they
// are instead of compressing ~700 KB of JavaScript on every cold load (Brotli at its best quality takes seconds).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = join(import.meta.dirname, '..', 'dist', 'web', 'assets');
for (const name of readdirSync(assets).filter((file) => /\.(js|css|svg|json)$/.test(file))) {
  const data = readFileSync(join(assets, name));
  writeFileSync(join(assets, `${name}.br`), brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(join(assets, `${name}.gz`), gzipSync(data, { level: 9 }));
}
