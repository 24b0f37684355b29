/**
 * pglite-socket runs every connection's protocol messages through one queue against a single PGlite
 * session, message by message. Outside a transaction it interleaves connections freely, so connection A's
 * extended-protocol sequence (Parse, Bind, Execute … Sync) can be split by connection B's: B's BEGIN then
 * pins the queue to B, B's own unnamed statement replaces A's, and A's Bind fails ("bind message supplies
 * 1 parameters, but prepared statement "" requires 2"). Its queue also stops for good after a failed message.
 *
 * This replaces the queue's scheduler (a private of version 0.2.x, pinned in package.json) with one that
 * keeps a connection's messages together from its first extended-protocol message up to its Sync, keeps
 * the transaction rule, and carries on after an error.
 */
interface QueueItem {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

interface QueryQueue {
  queue: QueueItem[];
  processing: boolean;
  lastHandlerId: number | null;
  processQueue: () => Promise<void>;
  clearQueueForHandler: (handlerId: number) => void;
}

interface PgliteSession {
  isInTransaction(): boolean;
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolRawStream(message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }): Promise<unknown>;
}

// Parse, Bind, Describe, Execute, Close, Flush: messages that must be followed by the same connection's Sync.
const EXTENDED_QUERY_MESSAGES = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((letter) => letter.charCodeAt(0)));

export function keepExtendedQueriesTogether(server: unknown, db: PgliteSession): void {
  const queue = (server as { queryQueue?: QueryQueue }).queryQueue;
  if (!queue || typeof queue.processQueue !== 'function' || !Array.isArray(queue.queue)) {
    throw new Error('Unsupported @electric-sql/pglite-socket version: its query queue is not where Quire expects it');
  }
  let midSequence: number | null = null;

  const clearForHandler = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    if (midSequence === handlerId) midSequence = null;
    clearForHandler(handlerId);
  };

  queue.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = midSequence ?? (db.isInTransaction() ? this.lastHandlerId : null);
        let item: QueueItem | undefined;
        if (owner === null) {
          item = this.queue.shift();
        } else {
          const index = this.queue.findIndex((queued) => queued.handlerId === owner);
          if (index === -1) break; // the owner's next message has not arrived yet; enqueue() wakes us again
          item = this.queue.splice(index, 1)[0];
        }
        if (!item) break;
        const current = item;
        let bytes = 0;
        try {
          await db.runExclusive(() =>
            db.execProtocolRawStream(current.message, {
              onRawData: (data) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
        } catch (error) {
          midSequence = null;
          current.reject(error);
          continue;
        }
        midSequence = EXTENDED_QUERY_MESSAGES.has(current.message[0]) ? current.handlerId : null;
        this.lastHandlerId = current.handlerId;
        current.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }.bind(queue);
}
