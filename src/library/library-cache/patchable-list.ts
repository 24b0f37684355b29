import { constants, crc32, deflateRaw } from 'node:zlib';

/** One item of a whole-library list: its id and its wire JSON. */
export interface ListItem {
  id: number;
  json: string;
}

/**
 * A run of items in id order, stored as the bytes sent: the items' JSON joined by commas, with the offset
 * where each item ends, so that one item can be cut out or replaced without parsing anything.
 */
interface Stretch {
  ids: Int32Array;
  /** Byte offset just past each item (the next item starts one comma later). */
  ends: Int32Array;
  bytes: Buffer;
  /** The bytes as raw deflate ending on a byte boundary (sync flush), made when first asked for. */
  deflated?: Promise<Buffer>;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
const EMPTY = Buffer.from('[]');

/** gzip's member header (RFC 1952): deflate, no name, no time, Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** An empty final deflate block (BFINAL=1, fixed codes): ends the stream after the flushed pieces. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * Raw deflate of one piece, ending in an empty stored block (sync flush) so that pieces compressed apart can be
 * joined into one stream, as parallel gzip tools do. Runs on libuv's thread pool.
 */
function deflatePiece(bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    deflateRaw(bytes, { finishFlush: constants.Z_SYNC_FLUSH }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

/** Deflate calls in flight for one list: libuv's thread pool has four threads. */
const DEFLATES_AT_ONCE = 4;

const separators = new Map<Buffer, Promise<Buffer>>();
const deflatedSeparator = (bytes: Buffer) => {
  let deflated = separators.get(bytes);
  if (!deflated) separators.set(bytes, (deflated = deflatePiece(bytes)));
  return deflated;
};

function stretchOf(parts: { id: number; bytes: Buffer }[]): Stretch {
  const ids = new Int32Array(parts.length);
  const ends = new Int32Array(parts.length);
  let offset = 0;
  parts.forEach((part, index) => {
    offset += (index > 0 ? 1 : 0) + part.bytes.length;
    ids[index] = part.id;
    ends[index] = offset;
  });
  const joined: Buffer[] = [];
  parts.forEach((part, index) => joined.push(...(index > 0 ? [COMMA, part.bytes] : [part.bytes])));
  return { ids, ends, bytes: Buffer.concat(joined, offset) };
}

/** Items of a stretch as separate byte views (no copy). */
function partsOf(stretch: Stretch): { id: number; bytes: Buffer }[] {
  const parts: { id: number; bytes: Buffer }[] = [];
  for (let index = 0; index < stretch.ids.length; index++) {
    const start = index === 0 ? 0 : stretch.ends[index - 1] + 1;
    parts.push({ id: stretch.ids[index], bytes: stretch.bytes.subarray(start, stretch.ends[index]) });
  }
  return parts;
}

/**
 * A cached JSON array of items kept in id order (GET /book's 100,000 books), which a library write patches:
 * the items it touched are replaced, inserted or removed, and only the stretches holding them are copied.
 * Immutable: `patched` returns a new list sharing the untouched stretches, so answers still being sent from
 * the old one are not disturbed.
 */
export class PatchableList {
  readonly bytes: number;
  private gzipped?: Promise<Buffer[]>;

  private constructor(private readonly stretches: readonly Stretch[]) {
    this.bytes = stretches.length === 0 ? EMPTY.length : stretches.reduce((sum, s) => sum + s.bytes.length + 1, 1);
  }

  /** Collects a list from stretches of items given in id order (as a whole-library query yields them). */
  static collector(): { add(items: ListItem[]): Buffer; list(): PatchableList } {
    const stretches: Stretch[] = [];
    return {
      add: (items) => {
        const stretch = stretchOf(items.map((item) => ({ id: item.id, bytes: Buffer.from(item.json) })));
        if (items.length > 0) stretches.push(stretch);
        return stretch.bytes;
      },
      list: () => new PatchableList(stretches),
    };
  }

  /** The JSON array as the buffers to send, in order. */
  body(): Buffer[] {
    if (this.stretches.length === 0) return [EMPTY];
    const body: Buffer[] = [OPEN];
    this.stretches.forEach((stretch, index) => body.push(...(index > 0 ? [COMMA, stretch.bytes] : [stretch.bytes])));
    body.push(CLOSE);
    return body;
  }

  /**
   * The same JSON array as one gzip stream, in pieces: each stretch is compressed once and kept with it, so a
   * patched list compresses only the stretches it changed (a 56 MB list compresses in about half a second of CPU;
   * a patch's stretch in well under a millisecond).
   */
  gzip(): Promise<Buffer[]> {
    this.gzipped ??= this.compress();
    return this.gzipped;
  }

  private async compress(): Promise<Buffer[]> {
    const body = this.body();
    const stretchByBytes = new Map(this.stretches.map((stretch) => [stretch.bytes, stretch]));
    // A few at a time: each deflate call holds its own compressor state (a few hundred KB) from the moment it is
    // made, so a thousand stretches started at once cost hundreds of megabytes for a moment.
    const deflated: Buffer[] = new Array<Buffer>(body.length);
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < body.length; index = next++) {
        const stretch = stretchByBytes.get(body[index]);
        if (stretch) stretch.deflated ??= deflatePiece(stretch.bytes);
        deflated[index] = await (stretch ? stretch.deflated! : deflatedSeparator(body[index]));
      }
    };
    await Promise.all(Array.from({ length: DEFLATES_AT_ONCE }, worker));
    let checksum = 0;
    for (const piece of body) checksum = crc32(piece, checksum);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(checksum >>> 0, 0);
    trailer.writeUInt32LE(this.bytes % 2 ** 32, 4);
    return [GZIP_HEADER, ...deflated, FINAL_BLOCK, trailer];
  }

  /** Every id, in order (for tests and checks). */
  ids(): number[] {
    return this.stretches.flatMap((stretch) => [...stretch.ids]);
  }

  /**
   * The list with `changed` items put in place (replacing the item of the same id, or inserted in id order)
   * and the `removed` ids taken out. An id in both is taken as changed.
   */
  patched(changed: readonly ListItem[], removed: readonly number[]): PatchableList {
    const updates = new Map<number, Buffer | null>();
    for (const id of removed) updates.set(id, null);
    for (const item of changed) updates.set(item.id, Buffer.from(item.json));
    if (updates.size === 0) return this;
    const stretches = this.stretches.length > 0 ? [...this.stretches] : [stretchOf([])];
    const touched = new Map<number, number[]>();
    for (const id of updates.keys()) {
      const index = this.stretchFor(stretches, id);
      touched.set(index, [...(touched.get(index) ?? []), id]);
    }
    for (const [index, ids] of touched) stretches[index] = merged(stretches[index], ids, updates);
    return new PatchableList(stretches.filter((stretch) => stretch.ids.length > 0));
  }

  /** The stretch an id belongs in: the last one starting at or before it (the first for smaller ids). */
  private stretchFor(stretches: readonly Stretch[], id: number): number {
    let low = 0;
    let high = stretches.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (stretches[middle].ids[0] <= id) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/** The stretch with the updates of `ids` applied: kept items stay byte views of the old stretch. */
function merged(stretch: Stretch, ids: number[], updates: Map<number, Buffer | null>): Stretch {
  const inserted = ids.filter((id) => !stretch.ids.includes(id)).sort((a, b) => a - b);
  const parts: { id: number; bytes: Buffer }[] = [];
  let next = 0;
  const insertBefore = (limit: number) => {
    while (next < inserted.length && inserted[next] < limit) {
      const bytes = updates.get(inserted[next]);
      if (bytes) parts.push({ id: inserted[next], bytes });
      next++;
    }
  };
  for (const part of partsOf(stretch)) {
    insertBefore(part.id);
    if (!updates.has(part.id)) parts.push(part);
    else {
      const bytes = updates.get(part.id);
      if (bytes) parts.push({ id: part.id, bytes });
    }
  }
  insertBefore(Infinity);
  return stretchOf(parts);
}
