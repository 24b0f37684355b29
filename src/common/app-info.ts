import { readFileSync } from 'node:fs';
import { join } from 'node:path';

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return '0.0.0';
  }
}

export const APP_NAME = 'Quire';
/** Readarr's four-part version form (`0.1.0.0`), which clients such as Prowlarr parse. */
export const APP_VERSION = `${readVersion()}.0`;
export const APP_START_TIME = new Date();
