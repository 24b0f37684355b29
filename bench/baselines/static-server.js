// Baseline (a), the transport limit: a bare node:http server answering a pre-built JSON body.
// Usage: PORT=… node static-server.js <body-file>
const http = require('node:http');
const { readFileSync } = require('node:fs');

const body = readFileSync(process.argv[2]);
http
  .createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
    response.end(body);
  })
  .listen(Number(process.env.PORT), process.env.BIND_ADDRESS || '127.0.0.1');
