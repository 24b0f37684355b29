/** @type {import('jest').Config} */
const swaggerPlugin = { path: '<rootDir>/test/setup/swagger-transformer.js' };

module.exports = {
  moduleFileExtensions: ['js', 'json', 'ts'],
  rootDir: '.',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '.*\\.(spec|e2e-spec|ui-spec)\\.ts$',
  transform: {
    // The Swagger plugin runs here too, so the OpenAPI document under test equals the built one.
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false, astTransformers: { before: [swaggerPlugin] } }],
  },
  moduleNameMapper: { '^src/(.*)$': '<rootDir>/src/$1' },
  testEnvironment: 'node',
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  testTimeout: 60000,
  // Every e2e file boots the whole app; a wedged handle must fail the run, not hang CI.
  forceExit: true,
};
