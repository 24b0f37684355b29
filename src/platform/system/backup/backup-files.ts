import { createHash } from 'node:crypto';
import { WireEnum } from '../../common/wire/wire-enum';

export const BackupType = new WireEnum({ scheduled: 0, manual: 1, update: 2 });
export type BackupTypeName = keyof typeof BackupType.values;

/** `quire_backup_v0.1.0.0_2025.01.31_12.00.00.zip` (UTC). */
export const BACKUP_NAME_PATTERN = /^quire_backup_v[0-9A-Za-z.-]+_\d{4}\.\d{2}\.\d{2}_\d{2}\.\d{2}\.\d{2}\.zip$/;

export function backupName(version: string, time: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${time.getUTCFullYear()}.${pad(time.getUTCMonth() + 1)}.${pad(time.getUTCDate())}`;
  const clock = `${pad(time.getUTCHours())}.${pad(time.getUTCMinutes())}.${pad(time.getUTCSeconds())}`;
  return `quire_backup_v${version}_${date}_${clock}.zip`;
}

/** Readarr's stable 31-bit id of a backup file: a hash of `backup-<type>-<name>`. */
export function backupId(type: BackupTypeName, name: string): number {
  const digest = createHash('sha256').update(`backup-${type}-${name}`).digest();
  return digest.readUInt32BE(0) & 0x7fffffff || 1;
}
