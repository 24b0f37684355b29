/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

// The UI is served by Quire under URL_BASE: relative asset URLs (base './') resolve against the <base href> that the
// server writes into index.html, so one build works under any URL base.
export default defineConfig({
  root: __dirname,
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 800,
    sourcemap: false,
    // Mantine marks its modules "use client" (for React Server Components); meaningless in an SPA bundle.
    rolldownOptions: {
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/initialize.json', '/login', '/logout', '/signalr', '/MediaCover'].map((path) => [
        path,
        { target: 'http://127.0.0.1:8787', ws: path === '/signalr' },
      ]),
    ),
  },
  test: { environment: 'node', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
});
