import { type ListItem, PatchableList } from './patchable-list';

export interface RecordedBody {
  chunks: Buffer[];
  bytes: number;
}

/**
 * A whole-library answer being built, handed to `end` exactly once: what was kept when it was finished within its
 * limit, or `undefined` when it was cut short (`abandon`) or grew beyond `limit` bytes.
 */
abstract class Recorder<T> {
  private ended = false;

  constructor(
    protected readonly limit: number,
    private readonly end: (kept: T | undefined) => void,
  ) {}

  /** The last piece was added. */
  finish(): void {
    this.close(this.kept());
  }

  /** The answer ends here (call it in a `finally`): a body not finished is not cached. */
  abandon(): void {
    this.close(undefined);
  }

  /** What was kept, or undefined when it outgrew the limit. */
  protected abstract kept(): T | undefined;

  /** Lets go of what was kept. */
  protected abstract release(): void;

  private close(kept: T | undefined): void {
    if (this.ended) return;
    this.ended = true;
    this.release();
    this.end(kept);
  }
}

/** A whole-library answer recorded as the chunks sent (GET /author). */
export class BodyRecorder extends Recorder<RecordedBody> {
  private chunks: Buffer[] | undefined = [];
  private bytes = 0;

  /** The chunk as the Buffer to send (converted once, for the answer and the cache alike). */
  add(chunk: string): Buffer {
    const buffer = Buffer.from(chunk);
    this.bytes += buffer.length;
    if (this.bytes > this.limit) this.chunks = undefined; // too large to keep: still sent, never cached
    this.chunks?.push(buffer);
    return buffer;
  }

  protected kept(): RecordedBody | undefined {
    return this.chunks && { chunks: this.chunks, bytes: this.bytes };
  }

  protected release(): void {
    this.chunks = undefined;
  }
}

/** A whole-library list recorded item by item in id order, as a `PatchableList` (GET /book). */
export class ListRecorder extends Recorder<PatchableList> {
  private collector: ReturnType<typeof PatchableList.collector> | undefined = PatchableList.collector();
  private bytes = 0;

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

  protected kept(): PatchableList | undefined {
    return this.collector?.list();
  }

  protected release(): void {
    this.collector = undefined;
  }
}
