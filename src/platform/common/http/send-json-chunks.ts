import type { Response } from 'express';

type Chunks = AsyncIterator<string | Buffer> | Iterator<string | Buffer>;

/**
 * Sends a JSON body piece by piece (res.write, not res.send: no copy of tens of megabytes into one
 * string, and the socket's backpressure is respected). An error before the first piece still becomes a
 * normal error answer; after it, headers are out and the connection is cut rather than a list sent half.
 * A client gone early ends the iterator (`return`), so a generator's `finally` runs.
 */
export async function sendJsonChunks(response: Response, chunks: Chunks): Promise<void> {
  let chunk = await chunks.next();
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  try {
    for (; !chunk.done && !response.destroyed; chunk = await chunks.next()) {
      if (!response.write(chunk.value)) await drainedOrClosed(response);
    }
    if (!response.destroyed) response.end();
  } catch (error) {
    response.destroy(error as Error);
  } finally {
    if (!chunk.done) await chunks.return?.();
  }
}

/**
 * Waits for the socket to take more, or for the client to leave. Both listeners go once either fires: a
 * racing `events.once` per chunk would leave one 'close' listener behind per wait, thousands on a large
 * list, all run when the response closes.
 */
function drainedOrClosed(response: Response): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      response.off('drain', settle);
      response.off('close', settle);
      resolve();
    };
    response.on('drain', settle);
    response.on('close', settle);
  });
}
