// Baseline (b), the database limit: a bare node:http server that runs the endpoint's rows as one raw
// `pg` query and answers JSON.stringify(rows). Usage: PORT=… DATABASE_URL=… node pg-server.js <queries.json>
// where queries.json maps a request path (without query string) to SQL.
const http = require('node:http');
const { readFileSync } = require('node:fs');
const { Pool } = require('pg');

const queries = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

http
  .createServer(async (request, response) => {
    request.resume();
    const sql = queries[request.url.split('?')[0]];
    if (!sql) {
      response.writeHead(404).end();
      return;
    }
    try {
      const { rows } = await pool.query(sql);
      const body = JSON.stringify(rows);
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(body);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  })
  .listen(Number(process.env.PORT), process.env.BIND_ADDRESS || '127.0.0.1');
