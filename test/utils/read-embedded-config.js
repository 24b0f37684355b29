// Prints one config value of an embedded (PGlite) data folder as JSON. Runs outside jest's VM,
// which cannot load PGlite's WebAssembly (it needs dynamic import()).
const { PGlite } = require('@electric-sql/pglite');
const { join } = require('node:path');

(async () => {
  const [dataDir, key] = process.argv.slice(2);
  const db = await PGlite.create(join(dataDir, 'db'));
  const { rows } = await db.query('SELECT value FROM config WHERE key = $1', [key]);
  process.stdout.write(JSON.stringify(rows[0] ? rows[0].value : null));
  await db.close();
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
