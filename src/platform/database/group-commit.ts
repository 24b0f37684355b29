/**
 * Group commit: items written by concurrent callers are stored together, one statement (one commit) per
 * group. The first item is written at once; items arriving while a write is in flight wait for it and are
 * then written as the next group. Each caller's promise settles only after the statement holding its item
 * has committed, so nothing is acknowledged before it is stored.
 *
 * When a group's statement fails, its items are written one by one, so one item's error (say a unique
 * violation) reaches only its own caller.
 */
export class GroupCommit<Item, Result> {
  private queue: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  private writing = false;

  /** `write` stores the items in one statement and answers one result per item, in their order. */
  constructor(
    private readonly write: (items: Item[]) => Promise<Result[]>,
    private readonly maxGroup = 64,
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const group = this.queue.splice(0, this.maxGroup);
        try {
          const results = await this.write(group.map((entry) => entry.item));
          group.forEach((entry, index) => entry.resolve(results[index]));
        } catch (error) {
          if (group.length === 1) group[0].reject(error);
          else await this.oneByOne(group);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  private async oneByOne(group: typeof this.queue): Promise<void> {
    for (const entry of group) {
      try {
        entry.resolve((await this.write([entry.item]))[0]);
      } catch (error) {
        entry.reject(error);
      }
    }
  }
}
