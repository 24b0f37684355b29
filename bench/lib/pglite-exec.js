// Runs SQL statements (a JSON array in a file) against an embedded Quire data folder (DATA_DIR/db),
// while Quire is stopped: PGlite allows one process at a time. Prints the author and book counts afterwards.
const { PGlite } = require('@electric-sql/pglite');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

(async () => {
  const [dataDir, file] = process.argv.slice(2);
  const db = await PGlite.create(join(dataDir, 'db'));
  for (const statement of JSON.parse(readFileSync(file, 'utf8'))) await db.exec(statement);
  const { rows } = await db.query(
    'SELECT (SELECT count(*)::int FROM author) AS authors, (SELECT count(*)::int FROM book) AS books',
  );
  process.stdout.write(JSON.stringify(rows[0]));
  await db.close();
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
