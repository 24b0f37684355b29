import { Global, Module, ModuleMetadata, Provider, Type } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DomainEventsModule } from '../../src/platform/common/events/domain-events';
import { databaseOptions, runMigrations } from '../../src/platform/database/database-options';
import { TransactionRunner } from '../../src/platform/database/transaction';
import { EnvService, parseEnv } from '../../src/platform/env/env.service';
import { testDatabaseUrl } from '../utils/test-database';

/**
 * The medium tier: one service with its real repositories on the test run's PostgreSQL database,
 * its other collaborators faked where that keeps the test about the service.
 *
 *   const medium = await newMediumService({ entities: [CommandEntity], providers: [CommandRepository, CommandQueueService],
 *                                           fakes: [[CommandRegistry, fakeRegistry]] });
 *   beforeEach(() => medium.resetTables());
 *   afterAll(() => medium.close());
 */
export interface MediumOptions {
  /** Entities the repositories use (registered with TypeORM for this module). */
  entities?: Type[];
  /** Real providers: the service under test and its repositories. */
  providers?: Provider[];
  /** Extra modules (e.g. DiscoveryModule for the command registry). */
  imports?: ModuleMetadata['imports'];
  /** Collaborators replaced by hand-made values: `[token, value]`. */
  fakes?: [unknown, unknown][];
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>;
  /** Run Nest's init hooks (onModuleInit, onApplicationBootstrap); off by default so nothing polls. */
  init?: boolean;
  /**
   * The tables the file's tests write and read: `resetTables()` empties only these (and, by CASCADE, the rows
   * that reference them), which is a fraction of the cost of emptying all of them. List every table a query under
   * test reads, or rows another spec file left on this worker's database show up. Unset: every table.
   */
  tables?: string[];
}

export interface Medium {
  module: TestingModule;
  dataSource: DataSource;
  get<T>(token: Type<T> | string | symbol): T;
  /** Empties the file's `tables` (default: every table but the migration history); call in beforeEach. */
  resetTables(): Promise<void>;
  /** Runs one SQL query (for arranging rows and for assertions that look behind the service). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function newMediumService(options: MediumOptions): Promise<Medium> {
  const env = new EnvService(
    parseEnv({
      DATABASE_URL: testDatabaseUrl(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      METADATA_SOURCE_URL: 'http://127.0.0.1:9',
      COVER_SOURCE_URL: 'http://127.0.0.1:9',
      ...options.env,
    }),
  );

  @Global()
  @Module({ providers: [{ provide: EnvService, useValue: env }], exports: [EnvService] })
  class MediumEnvModule {}

  /** What the app's global DatabaseModule gives every feature and a medium module needs: transactions. */
  @Global()
  @Module({ providers: [TransactionRunner], exports: [TransactionRunner] })
  class MediumDatabaseModule {}

  const fakes = (options.fakes ?? []).map(([provide, useValue]) => ({ provide, useValue }) as Provider);
  const module = await Test.createTestingModule({
    imports: [
      MediumEnvModule,
      MediumDatabaseModule,
      DomainEventsModule.forRoot(),
      TypeOrmModule.forRoot({ ...databaseOptions(testDatabaseUrl(), 4), autoLoadEntities: true }),
      TypeOrmModule.forFeature(options.entities ?? []),
      ...(options.imports ?? []),
    ],
    providers: [...(options.providers ?? []), ...fakes],
  }).compile();
  const dataSource = module.get<DataSource>(getDataSourceToken());
  await runMigrations(dataSource);
  if (options.init) await module.init();

  let tables = options.tables?.map((table) => `"${table}"`);
  return {
    module,
    dataSource,
    get: (token) => module.get(token, { strict: false }),
    async resetTables() {
      if (!tables) {
        const rows = await dataSource.query<{ tablename: string }[]>(
          `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'`,
        );
        tables = rows.map((row) => `"${row.tablename}"`);
      }
      if (tables.length > 0) await dataSource.query(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
    },
    sql: (text, params = []) => dataSource.query(text, params),
    close: () => module.close(),
  };
}
