import { Injectable, Logger } from '@nestjs/common';
import { ProviderStatus } from './provider-status.entity';
import { ProviderStatusRepository } from './provider-status.repository';

/** Readarr's escalating back-off after consecutive failures: 5 min, 15 min, 30 min, 1 h, 3 h, 6 h, 12 h, 24 h. */
export const BACKOFF_MINUTES = [5, 15, 30, 60, 180, 360, 720, 1440];

/** Records failures of indexers and download clients and tells whether one is backed off. */
@Injectable()
export class ProviderStatusService {
  private readonly logger = new Logger(ProviderStatusService.name);

  constructor(private readonly statuses: ProviderStatusRepository) {}

  async recordFailure(providerId: number, error: unknown, now = new Date()): Promise<ProviderStatus> {
    const status = await this.statuses.findOrNew(providerId);
    status.escalationLevel = Math.min((status.escalationLevel ?? 0) + 1, BACKOFF_MINUTES.length);
    status.initialFailure = status.initialFailure ?? now;
    status.mostRecentFailure = now;
    status.disabledTill = new Date(now.getTime() + BACKOFF_MINUTES[status.escalationLevel - 1] * 60_000);
    status.lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    this.logger.warn(
      `Provider ${providerId} failed (level ${status.escalationLevel}), disabled till ${status.disabledTill.toISOString()}: ${status.lastError}`,
    );
    return this.statuses.save(status);
  }

  /** Like Readarr, a success lowers the escalation by one and lifts the current block. */
  async recordSuccess(providerId: number): Promise<void> {
    const status = await this.statuses.findByProvider(providerId);
    if (!status || status.escalationLevel === 0) return;
    status.escalationLevel -= 1;
    status.disabledTill = null;
    if (status.escalationLevel === 0) status.initialFailure = null;
    await this.statuses.save(status);
  }

  async isBackedOff(providerId: number, now = new Date()): Promise<boolean> {
    const status = await this.statuses.findByProvider(providerId);
    return !!status?.disabledTill && status.disabledTill > now;
  }

  /** The given providers without those blocked right now, in their order. */
  async notBackedOff<T extends { id: number }>(providers: T[], now = new Date()): Promise<T[]> {
    const ids = providers.map((provider) => provider.id);
    const blocked = new Set((await this.blocked(ids, now)).map((status) => status.providerId));
    return providers.filter((provider) => !blocked.has(provider.id));
  }

  /** Runs one call through provider `providerId`, recording its success or failure (the failure is rethrown). */
  async track<T>(providerId: number, call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      await this.recordSuccess(providerId);
      return result;
    } catch (error) {
      await this.recordFailure(providerId, error);
      throw error;
    }
  }

  /** Statuses of the given providers that are blocked right now. */
  async blocked(providerIds: number[], now = new Date()): Promise<ProviderStatus[]> {
    if (providerIds.length === 0) return [];
    const rows = await this.statuses.findByProviders(providerIds);
    return rows.filter((row) => row.disabledTill && row.disabledTill > now);
  }
}
