import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { EnvService } from '../env/env.service';
import { ConfigStore } from '../database/config-store.service';

const API_KEY = 'apiKey';
// Another process may reset the key; re-read it this often rather than on every request.
const CACHE_MS = 5_000;

export function generateApiKey(): string {
  return randomBytes(16).toString('hex');
}

export function maskSecret(secret: string): string {
  return secret.length <= 4 ? '****' : `${secret.slice(0, 4)}…(${secret.length} chars)`;
}

@Injectable()
export class ApiKeyService implements OnModuleInit {
  private readonly logger = new Logger(ApiKeyService.name);
  private cached?: { key: string; readAt: number };

  constructor(
    private readonly config: ConfigStore,
    private readonly env: EnvService,
  ) {}

  async onModuleInit(): Promise<void> {
    const fromEnv = this.env.get('API_KEY');
    if (fromEnv) {
      await this.config.set(API_KEY, fromEnv);
      this.remember(fromEnv);
      return;
    }
    const existing = await this.config.get<string>(API_KEY);
    if (existing) {
      this.remember(existing);
      return;
    }
    const stored = await this.config.setIfAbsent(API_KEY, generateApiKey());
    this.remember(stored);
    this.logger.log(`Generated an API key (${maskSecret(stored)}); read it in full from GET /api/v1/config/host`);
  }

  async current(): Promise<string> {
    if (this.cached && Date.now() - this.cached.readAt < CACHE_MS) return this.cached.key;
    const key = (await this.config.get<string>(API_KEY)) ?? this.cached?.key ?? '';
    this.remember(key);
    return key;
  }

  async matches(candidate: string | undefined): Promise<boolean> {
    if (!candidate) return false;
    const key = await this.current();
    if (!key) return false;
    // Compare digests so the comparison is constant-time whatever the candidate's length.
    const a = createHash('sha256').update(candidate).digest();
    const b = createHash('sha256').update(key).digest();
    return timingSafeEqual(a, b);
  }

  async reset(): Promise<string> {
    const key = generateApiKey();
    await this.config.set(API_KEY, key);
    this.remember(key);
    this.logger.log(`API key reset (${maskSecret(key)})`);
    return key;
  }

  private remember(key: string) {
    this.cached = { key, readAt: Date.now() };
  }
}
