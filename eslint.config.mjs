import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

/** Configuration is read once, in src/platform/env. */
const noProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through EnvService (src/platform/env); process.env is parsed once there.',
};

/** SQL lives in repositories (and src/platform/database/, migrations): services ask them by intent. */
const sqlOnlyInRepositories = [
  {
    selector: "CallExpression[callee.property.name='query']",
    message: 'SQL belongs in a *.repository.ts: give the repository a method named by intent.',
  },
  {
    selector: "CallExpression[callee.property.name='createQueryBuilder']",
    message: 'Query builders belong in a *.repository.ts: give the repository a method named by intent.',
  },
  {
    selector:
      'TemplateElement[value.raw=/^\\s*(SELECT\\s[\\s\\S]*\\sFROM\\s|INSERT INTO\\s|UPDATE \\w+ (\\w+ )?SET\\s|DELETE FROM\\s|WITH \\w+ AS)/]',
    message: 'SQL text belongs in a *.repository.ts (or src/platform/database/, migrations).',
  },
  {
    selector:
      'Literal[value=/^\\s*(SELECT\\s[\\s\\S]*\\sFROM\\s|INSERT INTO\\s|UPDATE \\w+ (\\w+ )?SET\\s|DELETE FROM\\s|WITH \\w+ AS)/]',
    message: 'SQL text belongs in a *.repository.ts (or src/platform/database/, migrations).',
  },
];

/** SQL against another database than Quire's: the Readarr SQLite file a migration reads. */
const foreignDatabaseReaders = ['src/migration/readarr-import/readarr/readarr-database.repository.ts'];

export default tseslint.config(
  { ignores: ['dist/**', 'bench/.work/**', 'coverage/**', 'node_modules/**', 'eslint.config.mjs', '**/*.js'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  prettier,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-extraneous-class': 'off',
      'no-restricted-syntax': ['error', noProcessEnv, ...sqlOnlyInRepositories],
    },
  },
  {
    files: ['src/**/*.repository.ts', 'src/platform/database/**/*.ts', ...foreignDatabaseReaders],
    rules: { 'no-restricted-syntax': ['error', noProcessEnv] },
  },
  {
    files: ['src/platform/env/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...sqlOnlyInRepositories] },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'src/platform/database/data-source.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
