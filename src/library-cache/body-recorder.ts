import { type ListItem, PatchableList } from './patchable-list';

export interface RecordedBody {
  chunks: Buffer[];
  bytes: number;
}

/**
 * A whole-library answer being built: its chunks are kept and handed to `end` once the body is complete
 * (`finish`), or `undefined` when it was cut short or grew beyond `limit` bytes (`abandon`, or `finish`).
 */
export class BodyRecorder {
  private chunks: Buffer[] | undefined = [];
  private bytes = 0;
  private ended = false;

  constructor(
    private readonly limit: number,
    private readonly end: (body: RecordedBody | undefined) => void,
  ) {}

  /** The chunk as the Buffer to send (converted once, for the answer and the cache alike). */
  add(chunk: string): Buffer {
    const buffer = Buffer.from(chunk);
    this.bytes += buffer.length;
    if (this.bytes > this.limit) this.chunks = undefined; // too large to keep: still sent, never cached
    this.chunks?.push(buffer);
    return buffer;
  }

  /** The last chunk was added. */
  finish(): void {
    this.close(this.chunks && { chunks: this.chunks, bytes: this.bytes });
  }

  /** The answer ends here (call it in a `finally`): a body not finished is not cached. */
  abandon(): void {
    this.close(undefined);
  }

  private close(body: RecordedBody | undefined): void {
    if (this.ended) return;
    this.ended = true;
    this.chunks = undefined;
    this.end(body);
  }
}

/**
 * A whole-library list being built, item by item in id order, for the patchable cache (GET /book): like
 * `BodyRecorder`, its stretches are kept and handed to `end` as a `PatchableList` once complete, or `undefined`
 * when cut short or beyond `limit` bytes.
 */
export class ListRecorder {
  private collector: ReturnType<typeof PatchableList.collector> | undefined = PatchableList.collector();
  private bytes = 0;
  private ended = false;

  constructor(
    private readonly limit: number,
    private readonly end: (list: PatchableList | undefined) => void,
  ) {}

  /** One stretch of items as the bytes to send (without the separator before it). */
  add(items: ListItem[]): Buffer {
    if (this.collector) {
      const bytes = this.collector.add(items);
      this.bytes += bytes.length + 1;
      if (this.bytes > this.limit) this.collector = undefined; // too large to keep: still sent, never cached
      return bytes;
    }
    return Buffer.from(items.map((item) => item.json).join(','));
  }

  finish(): void {
    this.close(this.collector?.list());
  }

  /** The answer ends here (call it in a `finally`): a list not finished is not cached. */
  abandon(): void {
    this.close(undefined);
  }

  private close(list: PatchableList | undefined): void {
    if (this.ended) return;
    this.ended = true;
    this.collector = undefined;
    this.end(list);
  }
}
