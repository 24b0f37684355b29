// Child-process check (jest's VM cannot load PGlite): many connections mixing transactions and
// parameterised queries on the embedded server must each get their own answers. Prints JSON.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { EmbeddedPostgres } from '../../src/platform/database/embedded-postgres';
import { EnvSchema } from '../../src/platform/env/env.schema';

async function main() {
  const embedded = new EmbeddedPostgres(
    mkdtempSync(join(tmpdir(), 'quire-pglite-concurrency-')),
    new EnvSchema().EMBEDDED_SHARED_BUFFERS_MB,
  );
  const pool = new Pool({ connectionString: await embedded.start(20), max: 8 });
  await pool.query('CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL)');
  await pool.query('INSERT INTO counter VALUES (1, 0)');
  const errors: string[] = [];
  let wrong = 0;
  const plain = async (i: number) => {
    const { rows } = await pool.query('SELECT $1::int + $2::int AS sum, $3::text AS tag', [i, 1, `q${i}`]);
    if (rows[0].sum !== i + 1 || rows[0].tag !== `q${i}`) wrong++;
  };
  const transaction = async (i: number) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE counter SET n = n + $1 WHERE id = $2', [1, 1]);
      const { rows } = await client.query('SELECT $1::text AS tag', [`t${i}`]);
      if (rows[0].tag !== `t${i}`) wrong++;
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  };
  const total = 600;
  await Promise.all(
    Array.from({ length: total }, (_unused, i) =>
      (i % 3 === 0 ? transaction(i) : plain(i)).catch((error: Error) => void errors.push(error.message)),
    ),
  );
  const { rows } = await pool.query('SELECT n FROM counter WHERE id = 1');
  await pool.end();
  await embedded.stop();
  process.stdout.write(
    '\nRESULT ' +
      JSON.stringify({ total, wrong, errors: errors.slice(0, 5), errorCount: errors.length, transactions: rows[0].n }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
