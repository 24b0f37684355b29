import { parentPort, workerData } from 'node:worker_threads';
import { keepExtendedQueriesTogether } from './pglite-queue-patch';

/**
 * The embedded database's own thread (started by EmbeddedPostgres): PGlite and its socket server live here,
 * so PGlite's start-up (WebAssembly compile, the backend's boot) runs beside the main thread's module loading,
 * and its queries never block the HTTP event loop. The main thread talks to it through the loopback port only.
 */
export interface EmbeddedWorkerData {
  dir: string;
  maxConnections: number;
  sharedBuffersMb: number;
}

export type EmbeddedWorkerMessage = { type: 'ready'; host: string; port: number } | { type: 'stopped' };

async function serve(
  port: NonNullable<typeof parentPort>,
  { dir, maxConnections, sharedBuffersMb }: EmbeddedWorkerData,
) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create(dir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
  });
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections });
  keepExtendedQueriesTogether(server, db);
  await server.start();

  port.once('message', () => {
    // The only message is "stop": close the server, then PGlite (which flushes to DATA_DIR/db), then leave.
    void (async () => {
      await server.stop();
      await db.close();
      port.postMessage({ type: 'stopped' } satisfies EmbeddedWorkerMessage);
      port.close();
    })();
  });
  const [host, listening] = server.getServerConn().split(':');
  port.postMessage({ type: 'ready', host, port: Number(listening) } satisfies EmbeddedWorkerMessage);
}

/** Run as a child process by EmbeddedPostgres.initialise: creates the data directory (initdb) and exits. */
async function createDataDirectory(dir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const fresh = await PGlite.create(dir);
  await fresh.close();
}

// A failure is an unhandled rejection, which ends the worker and reaches the main thread as its 'error' event.
if (parentPort) void serve(parentPort, workerData as EmbeddedWorkerData);
else if (process.argv[2] === '--init-only') {
  createDataDirectory(process.argv[3]).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
