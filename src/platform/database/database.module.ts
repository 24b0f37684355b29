import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EnvService } from '../env/env.service';
import { databaseOptions, runMigrations } from './database-options';
import { DatabaseBackup } from './database-backup';
import { DatabaseServer } from './database-server';
import { DatabaseVacuum } from './database-vacuum';
import { EmbeddedPostgres, takeEarlyEmbedded } from './embedded-postgres';
import { DatabaseChannels } from './pg-channel';
import { PreparedStatements } from './prepared-statements';
import { TransactionRunner } from './transaction';

export const DATABASE_URL = Symbol('DATABASE_URL');

/** Holds the embedded server (when used) so it is stopped after TypeORM has closed its pool. */
@Injectable()
export class DatabaseLifecycle implements OnApplicationShutdown {
  embedded?: EmbeddedPostgres;

  async onApplicationShutdown(): Promise<void> {
    await this.embedded?.stop();
  }
}

@Global()
@Module({
  providers: [DatabaseLifecycle],
  exports: [DatabaseLifecycle],
})
class DatabaseLifecycleModule {}

@Global()
@Module({
  imports: [
    DatabaseLifecycleModule,
    TypeOrmModule.forRootAsync({
      inject: [EnvService, DatabaseLifecycle],
      useFactory: async (env: EnvService, lifecycle: DatabaseLifecycle) => {
        let url = env.get('DATABASE_URL');
        if (!url) {
          const early = takeEarlyEmbedded(env.get('DATA_DIR'));
          lifecycle.embedded =
            early?.embedded ?? new EmbeddedPostgres(env.get('DATA_DIR'), env.get('EMBEDDED_SHARED_BUFFERS_MB'));
          url = await (early?.url ?? lifecycle.embedded.start());
        }
        return { ...databaseOptions(url), autoLoadEntities: true };
      },
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        await runMigrations(dataSource);
        new Logger('Database').log(`Database ready (${dataSource.migrations.length} migrations known)`);
        return dataSource;
      },
    }),
  ],
  providers: [PreparedStatements, DatabaseServer, DatabaseVacuum, DatabaseChannels, DatabaseBackup, TransactionRunner],
  exports: [PreparedStatements, DatabaseServer, DatabaseVacuum, DatabaseChannels, DatabaseBackup, TransactionRunner],
})
export class DatabaseModule {
  constructor(@Inject(DataSource) readonly dataSource: DataSource) {}
}
