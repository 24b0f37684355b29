import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RunningProcess } from './processes';
import { apiClient, runCommand } from './api';

export interface RescanResult {
  files: number;
  seconds: number;
  filesPerSecond: number;
  peakRssMb: number;
  message: string;
}

/** Generates `count` small book files under `root` (100 per author folder), as a library on disk. */
export function generateLibraryFiles(root: string, count: number): void {
  for (let i = 0; i < count; i++) {
    const folder = join(root, `Scan Author ${Math.floor(i / 100)}`, `Scan Book ${i}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `Scan Book ${i}.${i % 3 === 0 ? 'pdf' : 'epub'}`), `file ${i}`);
  }
}

/** Adds `root` as a root folder, runs RescanFolders on it and waits for the command to finish. */
export async function timeRescan(
  quire: RunningProcess,
  apiKey: string,
  root: string,
  files: number,
): Promise<RescanResult> {
  const api = apiClient(quire, apiKey);
  const [profile] = await api('GET', '/api/v1/qualityprofile');
  const [metadata] = await api('GET', '/api/v1/metadataprofile');
  await api('POST', '/api/v1/rootfolder', {
    name: 'Scan bench',
    path: root,
    defaultQualityProfileId: profile.id,
    defaultMetadataProfileId: metadata.id,
  });
  const started = Date.now();
  const command = await runCommand(quire, apiKey, { name: 'RescanFolders', folders: [root] });
  const seconds = (Date.now() - started) / 1000;
  return {
    files,
    seconds,
    filesPerSecond: files / seconds,
    peakRssMb: quire.peakRssMb(),
    message: command.message ?? '',
  };
}
