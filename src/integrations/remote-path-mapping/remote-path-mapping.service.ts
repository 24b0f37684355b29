import { Injectable } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { failure, NotFoundError, ValidationError, ValidationFailure } from '../../platform/common/errors/domain-errors';
import { RemotePathMapping } from './remote-path-mapping.entity';
import { RemotePathMappingRepository } from './remote-path-mapping.repository';
import { RemotePathMappingResource } from './remote-path-mapping.resource';

/** Paths end with one separator: `/` for POSIX paths, `\` for Windows ones (the remote side may be either). */
export function normalizeFolder(path: string): string {
  const trimmed = path.trim();
  if (!trimmed) return trimmed;
  const separator =
    /^[A-Za-z]:\\|^\\\\/.test(trimmed) || (trimmed.includes('\\') && !trimmed.includes('/')) ? '\\' : '/';
  return trimmed.replace(/[\\/]+$/, '') + separator;
}

const isWindowsPath = (path: string) => /^[A-Za-z]:[\\/]|^\\\\/.test(path);

@Injectable()
export class RemotePathMappingService {
  constructor(private readonly mappings: RemotePathMappingRepository) {}

  list(): Promise<RemotePathMapping[]> {
    return this.mappings.findAll();
  }

  async get(id: number): Promise<RemotePathMapping> {
    const mapping = await this.mappings.findById(id);
    if (!mapping) throw new NotFoundError(`Remote path mapping with ID ${id} does not exist`);
    return mapping;
  }

  async create(input: RemotePathMappingResource): Promise<RemotePathMapping> {
    const mapping = await this.validated(input);
    return this.mappings.create(mapping);
  }

  async update(id: number, input: RemotePathMappingResource): Promise<RemotePathMapping> {
    const current = await this.get(id);
    const mapping = await this.validated({ ...current, ...stripUndefined(input) }, id);
    return this.mappings.save({ ...current, ...mapping });
  }

  async delete(id: number): Promise<Record<string, never>> {
    await this.get(id);
    await this.mappings.delete(id);
    return {};
  }

  /** Translates a path reported by a download client on `host` into a path this machine can read. */
  async remoteToLocal(host: string, remotePath: string): Promise<string> {
    for (const mapping of await this.list()) {
      if (mapping.host.toLowerCase() !== host.toLowerCase()) continue;
      const remote = normalizeFolder(remotePath);
      if (remote.toLowerCase().startsWith(mapping.remotePath.toLowerCase())) {
        const rest = remotePath.trim().slice(mapping.remotePath.length).replace(/\\/g, '/');
        return mapping.localPath + rest;
      }
    }
    return remotePath;
  }

  private async validated(input: RemotePathMappingResource, exceptId?: number) {
    const host = (input.host ?? '').trim();
    const remotePath = normalizeFolder(input.remotePath ?? '');
    const localPath = normalizeFolder(input.localPath ?? '');
    const failures: ValidationFailure[] = [];
    if (!host) failures.push(failure('host', "'Host' must not be empty.", input.host ?? '', 'NotEmptyValidator'));
    if (!remotePath)
      failures.push(
        failure('remotePath', "'Remote Path' must not be empty.", input.remotePath ?? '', 'NotEmptyValidator'),
      );
    else if (!remotePath.startsWith('/') && !isWindowsPath(remotePath))
      failures.push(failure('remotePath', 'Invalid Path', input.remotePath));
    if (!localPath)
      failures.push(
        failure('localPath', "'Local Path' must not be empty.", input.localPath ?? '', 'NotEmptyValidator'),
      );
    else if (!isAbsolute(localPath)) failures.push(failure('localPath', 'Invalid Path', input.localPath));
    else if (!(await isFolder(localPath)))
      failures.push(failure('localPath', 'Path does not exist', input.localPath, 'PathExistsValidator'));
    if (host && remotePath) {
      const existing = await this.list();
      const clash = existing.some(
        (mapping) =>
          mapping.id !== exceptId &&
          mapping.host.toLowerCase() === host.toLowerCase() &&
          mapping.remotePath.toLowerCase() === remotePath.toLowerCase(),
      );
      if (clash) failures.push(failure('remotePath', 'RemotePath already configured.', input.remotePath));
    }
    if (failures.length > 0) throw new ValidationError(failures);
    return { host, remotePath, localPath };
  }
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== undefined && item !== null),
  ) as Partial<T>;
}
