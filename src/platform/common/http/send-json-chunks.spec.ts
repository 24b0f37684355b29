import type { Response } from 'express';
import { createServer, get, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendJsonChunks } from './send-json-chunks';

const CHUNK = 'x'.repeat(64 * 1024); // larger than the socket's high-water mark: every write waits for drain
const CHUNKS = 200;

describe('sendJsonChunks', () => {
  let server: Server;
  let url: string;
  let closeListeners: number[];

  beforeEach(async () => {
    closeListeners = [];
    server = createServer((_request, response: ServerResponse) => {
      function* chunks() {
        for (let i = 0; i < CHUNKS; i++) {
          closeListeners.push(response.listenerCount('close'));
          yield CHUNK;
        }
      }
      void sendJsonChunks(response as unknown as Response, chunks());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends every chunk, waiting for drain without piling up listeners', async () => {
    const received = await new Promise<number>((resolve, reject) => {
      get(url, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      }).on('error', reject);
    });

    expect(received).toBe(CHUNK.length * CHUNKS);
    expect(closeListeners).toHaveLength(CHUNKS);
    expect(Math.max(...closeListeners)).toBeLessThanOrEqual(closeListeners[0] + 1);
  });
});
