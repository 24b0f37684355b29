/** @type {import('jest').Config} */
const swaggerPlugin = { path: '<rootDir>/test/setup/swagger-transformer.js' };

/**
 * TypeScript through swc, one file at a time and without type checking (`npm run lint` and `npm run build` check
 * types). Jest keeps one transform cache per project, so each project transforms the app's module graph (~830 files)
 * once per run, and again in a clean checkout: swc does that for a small fraction of ts-jest's CPU time. Its output
 * must match tsc's for tsconfig.json: ES2022 class fields (useDefineForClassFields, tsc's default for that target,
 * which the DTOs and entities rely on), legacy decorators with design-type metadata (Nest's injection reads it).
 */
const transpileOnly = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      swcrc: false,
      sourceMaps: 'inline',
      module: { type: 'commonjs' },
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        target: 'es2022',
        keepClassNames: true,
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
      },
    },
  ],
};

/**
 * The contract specs compare the OpenAPI document with Readarr's, so their compile runs the @nestjs/swagger plugin
 * as `nest build` does; the plugin needs the type checker, hence a full compile for that project only.
 */
const withSwaggerPlugin = {
  '^.+\\.ts$': [
    'ts-jest',
    { tsconfig: 'tsconfig.json', diagnostics: false, astTransformers: { before: [swaggerPlugin] } },
  ],
};

/** What every project shares: `src/` imports, a Node environment. */
const base = {
  moduleFileExtensions: ['js', 'json', 'ts'],
  rootDir: '.',
  transform: transpileOnly,
  moduleNameMapper: { '^src/(.*)$': '<rootDir>/src/$1' },
  testEnvironment: 'node',
};

/**
 * The test tiers, selected with `--selectProjects` (`npm run test:unit|test:medium|test:e2e|test:contract|test:ui`):
 * unit specs sit beside the code; medium specs run one service on real PostgreSQL; e2e and contract specs boot the
 * whole app; ui specs drive a real browser.
 */
const project = (displayName, roots, testMatch) => ({ ...base, displayName, roots, testMatch });

/**
 * Projects that need PostgreSQL share one throw-away database for the whole run (Jest runs a setup module named by
 * several projects once); unit specs need none, so `npm run test:unit` starts no database.
 */
const withDatabase = (config) => ({
  ...config,
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
});

module.exports = {
  projects: [
    // test/docs checks README.md and docs/ against the code, test/scripts the repository's own scripts: files only,
    // so they run with the unit specs.
    project(
      'unit',
      ['<rootDir>/src', '<rootDir>/test/docs', '<rootDir>/test/scripts'],
      ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/docs/**/*.spec.ts', '<rootDir>/test/scripts/**/*.spec.ts'],
    ),
    withDatabase(project('medium', ['<rootDir>/test'], ['<rootDir>/test/medium/**/*.medium-spec.ts'])),
    withDatabase(project('e2e', ['<rootDir>/test'], ['<rootDir>/test/e2e/**/*.e2e-spec.ts'])),
    withDatabase({
      ...project('contract', ['<rootDir>/test'], ['<rootDir>/test/contract/**/*.e2e-spec.ts']),
      transform: withSwaggerPlugin,
    }),
    withDatabase(project('ui', ['<rootDir>/test'], ['<rootDir>/test/ui/**/*.ui-spec.ts'])),
  ],
  testTimeout: 60000,
  // Two workers on PostgreSQL, each with its own database (test/setup/global-setup.ts); the embedded fallback is one
  // PGlite database, so one worker there. Workers past 1.5 GB are replaced (some specs leave a large heap behind).
  maxWorkers: process.env.DATABASE_URL ? 2 : 1,
  workerIdleMemoryLimit: '1536MB',
  // A project may have no spec yet (ui) and a selection may match none; that is not a failure.
  passWithNoTests: true,
  // Every e2e file boots the whole app; a wedged handle must fail the run, not hang CI.
  forceExit: true,
};
