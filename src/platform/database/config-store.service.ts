import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PreparedStatements } from './prepared-statements';
import { ConfigEntry } from './config-entry.entity';

// Read on hot paths (GET /system/status reads the host section on every call): a prepared statement,
// without TypeORM's query building.
const READ_VALUE_SQL = 'SELECT value FROM config WHERE key = $1';

/** The typed key/value store behind every `/api/v1/config/*` resource. */
@Injectable()
export class ConfigStore {
  constructor(
    @InjectRepository(ConfigEntry) private readonly entries: Repository<ConfigEntry>,
    private readonly prepared: PreparedStatements,
  ) {}

  async get<T>(key: string): Promise<T | undefined> {
    const [entry] = await this.prepared.query<{ value: T }>(READ_VALUE_SQL, [key]);
    return entry?.value;
  }

  /** A section merged over its defaults, so fields added later get their default value. */
  async getSection<T extends object>(key: string, defaults: T): Promise<T> {
    return { ...defaults, ...((await this.get<Partial<T>>(key)) ?? {}) };
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.entries.upsert({ key, value: value as object }, ['key']);
  }

  /** Stores the value only if the key is absent; returns whichever value is stored (safe across processes). */
  async setIfAbsent<T>(key: string, value: T): Promise<T> {
    await this.entries
      .createQueryBuilder()
      .insert()
      .values({ key, value: value as object })
      .orIgnore()
      .execute();
    return (await this.get<T>(key)) as T;
  }
}
