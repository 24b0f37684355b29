import { Injectable } from '@nestjs/common';
import { ConfigSectionService } from '../config-section.service';
import {
  METADATA_PROVIDER_CONFIG_DEFAULTS,
  METADATA_PROVIDER_CONFIG_KEY,
  MetadataProviderConfig,
} from './metadata-provider-config';
import { METADATA_PROVIDER_CONFIG_INVENTORY } from '../settings.inventory';

@Injectable()
export class MetadataProviderConfigService extends ConfigSectionService<MetadataProviderConfig> {
  protected readonly key = METADATA_PROVIDER_CONFIG_KEY;
  protected readonly defaults = METADATA_PROVIDER_CONFIG_DEFAULTS;
  protected readonly inventory = METADATA_PROVIDER_CONFIG_INVENTORY;
}
