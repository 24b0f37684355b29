import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { ProviderStatus } from './provider-status.entity';

/** The `provider_status` table: one row per provider that ever failed. */
@Injectable()
export class ProviderStatusRepository {
  constructor(@InjectRepository(ProviderStatus) private readonly statuses: Repository<ProviderStatus>) {}

  findByProvider(providerId: number): Promise<ProviderStatus | null> {
    return this.statuses.findOneBy({ providerId });
  }

  /** The provider's stored status, or a new one not saved yet (a first failure). */
  async findOrNew(providerId: number): Promise<ProviderStatus> {
    return (await this.findByProvider(providerId)) ?? this.statuses.create({ providerId });
  }

  findByProviders(providerIds: number[]): Promise<ProviderStatus[]> {
    return this.statuses.findBy({ providerId: In(providerIds) });
  }

  save(status: ProviderStatus): Promise<ProviderStatus> {
    return this.statuses.save(status);
  }
}
