import { Injectable } from '@nestjs/common';
import { ValidationError } from '../../common/errors/domain-errors';
import { ConfigSectionService } from '../config-section.service';
import { INDEXER_CONFIG_DEFAULTS, INDEXER_CONFIG_KEY, IndexerConfig } from './indexer-config';
import { INDEXER_CONFIG_INVENTORY } from '../settings.inventory';

@Injectable()
export class IndexerConfigService extends ConfigSectionService<IndexerConfig> {
  protected readonly key = INDEXER_CONFIG_KEY;
  protected readonly defaults = INDEXER_CONFIG_DEFAULTS;
  protected readonly inventory = INDEXER_CONFIG_INVENTORY;

  protected async validate(next: IndexerConfig): Promise<void> {
    const interval = next.rssSyncInterval;
    if (interval !== 0 && (interval < 10 || interval > 120))
      throw ValidationError.of('rssSyncInterval', 'Must be 0 (disabled) or between 10 and 120 minutes', interval);
  }
}
