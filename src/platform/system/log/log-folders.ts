import { join, resolve } from 'node:path';
import { EnvService } from '../../env/env.service';

/** Log file names served by the API: letters, digits, dot and hyphen, ending `.txt` (e.g. `quire.0.txt`). */
export const LOG_FILE_PATTERN = /^[A-Za-z0-9.-]+\.txt$/;

export const LOG_FILE_BASE = 'quire';

export type LogFolderKind = 'app' | 'update';

export function logFolder(env: EnvService, kind: LogFolderKind): string {
  const logs = resolve(join(env.get('DATA_DIR'), 'logs'));
  return kind === 'app' ? logs : join(logs, 'update');
}
