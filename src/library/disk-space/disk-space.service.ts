import { Injectable } from '@nestjs/common';
import { readFile, realpath, statfs } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { EnvService } from '../../platform/env/env.service';
import { RootFolderRepository } from '../root-folder/root-folder.repository';

export interface DiskSpace {
  path: string;
  label: string;
  freeSpace: number;
  totalSpace: number;
}

/** Free and total space of the file systems holding DATA_DIR and the root folders (one entry per mount). */
@Injectable()
export class DiskSpaceService {
  constructor(
    private readonly env: EnvService,
    private readonly rootFolders: RootFolderRepository,
  ) {}

  async list(): Promise<DiskSpace[]> {
    const paths = [resolve(this.env.get('DATA_DIR')), ...(await this.rootFolders.paths())];
    const mounts = await readMounts();
    const byMount = new Map<string, DiskSpace>();
    for (const path of paths) {
      const real = await realpath(path).catch(() => undefined);
      if (!real) continue;
      const mount = mountOf(real, mounts);
      if (byMount.has(mount.path)) continue;
      const space = await spaceOf(real);
      if (space) byMount.set(mount.path, { path: mount.path, label: mount.label, ...space });
    }
    return [...byMount.values()];
  }

  /** Free and total bytes of the file system holding `path`, or undefined when it cannot be read. */
  async spaceOf(path: string): Promise<{ freeSpace: number; totalSpace: number } | undefined> {
    return spaceOf(path);
  }
}

async function spaceOf(path: string): Promise<{ freeSpace: number; totalSpace: number } | undefined> {
  try {
    const stats = await statfs(path);
    return { freeSpace: stats.bavail * stats.bsize, totalSpace: stats.blocks * stats.bsize };
  } catch {
    return undefined;
  }
}

interface Mount {
  path: string;
  label: string;
}

/** Mount points from /proc/self/mounts (Linux); elsewhere every path counts as its own mount. */
async function readMounts(): Promise<Mount[]> {
  const text = await readFile('/proc/self/mounts', 'utf8').catch(() => '');
  return text
    .split('\n')
    .map((line) => line.split(' '))
    .filter((fields) => fields.length >= 3)
    .map(([device, path, type]) => ({ path: unescapeMount(path), label: `${type} (${device})` }));
}

function unescapeMount(path: string): string {
  return path.replace(/\\([0-7]{3})/g, (_match, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

function mountOf(path: string, mounts: Mount[]): Mount {
  let best: Mount | undefined;
  for (const mount of mounts) {
    const inside = mount.path === '/' || path === mount.path || path.startsWith(mount.path + sep);
    if (inside && (!best || mount.path.length > best.path.length)) best = mount;
  }
  return best ?? { path, label: path };
}
