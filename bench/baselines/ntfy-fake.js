// A minimal ntfy on loopback for the /notify benchmark: accepts POST /<topic>, answers like ntfy.
const http = require('node:http');

let id = 0;
http
  .createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.stringify({
        id: String(++id),
        time: Math.floor(Date.now() / 1000),
        event: 'message',
        topic: request.url.slice(1),
      });
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(body);
    });
  })
  .listen(Number(process.env.PORT), process.env.BIND_ADDRESS || '127.0.0.1');
