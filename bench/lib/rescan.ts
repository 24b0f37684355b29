import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RunningProcess } from './processes';

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
  const headers = { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' };
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(quire.url + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
    return response.json();
  };
  const [profile] = await api('GET', '/api/v1/qualityprofile');
  const [metadata] = await api('GET', '/api/v1/metadataprofile');
  await api('POST', '/api/v1/rootfolder', {
    name: 'Scan bench',
    path: root,
    defaultQualityProfileId: profile.id,
    defaultMetadataProfileId: metadata.id,
  });
  const started = Date.now();
  let command = await api('POST', '/api/v1/command', { name: 'RescanFolders', folders: [root] });
  while (!['completed', 'failed', 'orphaned', 'aborted', 'cancelled'].includes(command.status)) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    command = await api('GET', `/api/v1/command/${command.id}`);
  }
  const seconds = (Date.now() - started) / 1000;
  if (command.status !== 'completed')
    throw new Error(`RescanFolders ${command.status}: ${command.exception ?? command.message}`);
  return {
    files,
    seconds,
    filesPerSecond: files / seconds,
    peakRssMb: quire.peakRssMb(),
    message: command.message ?? '',
  };
}
