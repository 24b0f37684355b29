import { readFileSync } from 'node:fs';
import { join } from 'node:path';

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    return pkg.version;
  } catch {
    return '0.0.0';
  }
}

/** Quire's own name: backups, the User-Agent, `packageAuthor` and `instanceName` (default) carry it. */
export const APP_NAME = 'Quire';
/** Quire's own release (package.json), as `packageVersion` and the `X-Quire-Version` header. */
export const QUIRE_VERSION = readVersion();
/** Quire's release in Readarr's four-part form (`0.1.0.0`): backup names and manifests, the OpenAPI document. */
export const APP_VERSION = `${QUIRE_VERSION}.0`;

/**
 * What Quire answers to clients that identify the server (decluttarr stops unless `appName` is Readarr, others
 * gate on the version): Readarr's name and a build of its final release line, the API level Quire reproduces.
 * Sent as `appName`/`version` of `/system/status` and as `X-Application-Version`.
 */
export const READARR_APP_NAME = 'Readarr';
export const READARR_COMPATIBLE_VERSION = '0.4.19.2811';

export const APP_START_TIME = new Date();
