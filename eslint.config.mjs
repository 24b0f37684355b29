import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import selfContainedComments from './scripts/eslint-self-contained-comments.mjs';

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

/**
 * One owner per table: only a repository (or src/platform/database/) holds a TypeORM handle. A service that needs
 * several writes in one transaction opens it with TransactionRunner and passes the opaque Transaction to the
 * repositories involved; each writes its own table.
 */
const ormOnlyInRepositories = {
  paths: [
    {
      name: 'typeorm',
      importNames: ['DataSource', 'EntityManager', 'Repository', 'QueryRunner'],
      message: 'TypeORM handles belong in a *.repository.ts; services pass a Transaction (src/platform/database).',
    },
    {
      name: '@nestjs/typeorm',
      importNames: ['InjectRepository', 'InjectDataSource', 'InjectEntityManager'],
      message: 'Only a *.repository.ts injects TypeORM handles: give the owning repository a method named by intent.',
    },
  ],
  patterns: [
    {
      group: ['**/platform/database/transaction'],
      importNames: ['managerOf', 'asTransaction'],
      message: 'Only repositories reach the manager behind a Transaction.',
    },
  ],
};

/** Repositories answer for their table; reacting to what happened elsewhere is a service's or a listener's job. */
const noListenerInRepositories = {
  selector: 'Decorator[expression.callee.name=/^On[A-Z]?\\w*Event$/]',
  message: 'A repository does not listen to events: move the listener to a service that calls the repository.',
};

/**
 * Domain events go through src/platform/common/events: DomainEvents publishes and @OnDomainEvent listens, both typed
 * by DomainEventMap. The emitter underneath would take any name with any payload.
 */
const eventsThroughDomainEvents = [
  {
    name: '@nestjs/event-emitter',
    importNames: ['EventEmitter2', 'OnEvent', 'EventEmitterModule'],
    message: 'Publish with DomainEvents and listen with @OnDomainEvent (src/platform/common/events/domain-events).',
  },
  {
    name: 'eventemitter2',
    message: 'Publish with DomainEvents and listen with @OnDomainEvent (src/platform/common/events/domain-events).',
  },
];

/** An event is named by its class (`BookGrabbedEvent.NAME`), so a search for the class finds every use of it. */
const eventNamesFromClasses = [
  {
    selector: 'CallExpression[callee.property.name=/^emit(Async)?$/][arguments.0.type=/^(Literal|TemplateLiteral)$/]',
    message: 'Name the event by its class: emit(SomethingEvent.NAME, new SomethingEvent(...)).',
  },
  {
    selector:
      "Decorator[expression.callee.name='OnDomainEvent'][expression.arguments.0.type=/^(Literal|TemplateLiteral)$/]",
    message: 'Name the event by its class: @OnDomainEvent(SomethingEvent.NAME).',
  },
];

/** A repository's TypeORM handle stays private: callers ask by intent, they never query through it. */
const privateOrmHandles = ['TSParameterProperty', 'PropertyDefinition'].map((node) => ({
  selector: `${node}[accessibility!='private'] :matches(TSTypeReference[typeName.name=/^(Repository|DataSource|EntityManager)$/])`,
  message: 'A repository keeps its TypeORM handle private: add a method named by intent instead of exposing it.',
}));

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
      'no-restricted-syntax': ['error', noProcessEnv, ...sqlOnlyInRepositories, ...eventNamesFromClasses],
      'no-restricted-imports': [
        'error',
        { ...ormOnlyInRepositories, paths: [...ormOnlyInRepositories.paths, ...eventsThroughDomainEvents] },
      ],
    },
  },
  // Comments say why on their own: no sections of documents the reader lacks, no issue numbers.
  { plugins: { quire: selfContainedComments }, rules: { 'quire/self-contained-comments': 'error' } },
  {
    files: ['src/**/*.repository.ts', 'src/platform/database/**/*.ts', ...foreignDatabaseReaders],
    rules: {
      'no-restricted-syntax': ['error', noProcessEnv],
      'no-restricted-imports': ['error', { paths: eventsThroughDomainEvents }],
    },
  },
  {
    files: ['src/**/*.repository.ts'],
    rules: { 'no-restricted-syntax': ['error', noProcessEnv, noListenerInRepositories, ...privateOrmHandles] },
  },
  {
    files: ['src/platform/common/events/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', ormOnlyInRepositories] },
  },
  {
    files: ['src/platform/env/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...sqlOnlyInRepositories] },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'src/platform/database/data-source.ts'],
    rules: { 'no-restricted-syntax': 'off', 'no-restricted-imports': 'off' },
  },
);
