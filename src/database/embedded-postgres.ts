import { Logger } from '@nestjs/common';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { keepExtendedQueriesTogether } from './pglite-queue-patch';

/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly) stored under DATA_DIR/db,
 * served on a loopback port so TypeORM reaches it through the ordinary `pg` driver.
 * One dialect and one migration set serve both this and an external PostgreSQL.
 */
export class EmbeddedPostgres {
  private readonly logger = new Logger(EmbeddedPostgres.name);
  private server?: { stop(): Promise<void>; getServerConn(): string };
  private db?: { close(): Promise<void>; query<T>(sql: string): Promise<{ rows: T[] }> };

  constructor(private readonly dataDir: string) {}

  /** Starts PGlite and returns a connection URL for `pg`. */
  async start(maxConnections = 20): Promise<string> {
    const dir = resolve(join(this.dataDir, 'db'));
    mkdirSync(dir, { recursive: true });
    const started = Date.now();
    const { PGlite } = await import('@electric-sql/pglite');
    const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
    const db = await PGlite.create(dir);
    const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections });
    keepExtendedQueriesTogether(server, db);
    await server.start();
    this.db = db;
    this.server = server;
    const [host, port] = server.getServerConn().split(':');
    this.logger.log(`Embedded PostgreSQL (PGlite) ready in ${Date.now() - started} ms`);
    return `postgresql://postgres@${host}:${port}/postgres`;
  }

  async stop(): Promise<void> {
    await this.server?.stop();
    await this.db?.close();
    this.server = undefined;
    this.db = undefined;
  }
}
