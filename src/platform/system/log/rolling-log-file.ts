import { appendFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Appends to `<dir>/<base>.txt`; when it would exceed `maxBytes` the files roll:
 * `<base>.txt` → `<base>.0.txt` → `<base>.1.txt` … keeping `maxFiles` old files.
 * Calls are serialised by the caller (the log sink writes one batch at a time).
 */
export class RollingLogFile {
  constructor(
    private readonly dir: string,
    private readonly base: string,
    private readonly maxBytes = 1024 * 1024,
    private readonly maxFiles = 50,
  ) {}

  get currentPath(): string {
    return join(this.dir, `${this.base}.txt`);
  }

  async append(text: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const size = await stat(this.currentPath).then(
      (stats) => stats.size,
      () => 0,
    );
    if (size > 0 && size + Buffer.byteLength(text) > this.maxBytes) await this.roll();
    await appendFile(this.currentPath, text, { encoding: 'utf8', mode: 0o640 });
  }

  private async roll(): Promise<void> {
    const numbered = (index: number) => join(this.dir, `${this.base}.${index}.txt`);
    await rm(numbered(this.maxFiles - 1), { force: true });
    for (let index = this.maxFiles - 2; index >= 0; index--) {
      await rename(numbered(index), numbered(index + 1)).catch(() => undefined);
    }
    await rename(this.currentPath, numbered(0)).catch(() => undefined);
  }
}
