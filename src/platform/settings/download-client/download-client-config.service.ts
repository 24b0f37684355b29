import { Injectable } from '@nestjs/common';
import { ConfigSectionService } from '../config-section.service';
import {
  DOWNLOAD_CLIENT_CONFIG_DEFAULTS,
  DOWNLOAD_CLIENT_CONFIG_KEY,
  DownloadClientConfig,
} from './download-client-config';
import { DOWNLOAD_CLIENT_CONFIG_INVENTORY } from '../settings.inventory';

@Injectable()
export class DownloadClientConfigService extends ConfigSectionService<DownloadClientConfig> {
  protected readonly key = DOWNLOAD_CLIENT_CONFIG_KEY;
  protected readonly defaults = DOWNLOAD_CLIENT_CONFIG_DEFAULTS;
  protected readonly inventory = DOWNLOAD_CLIENT_CONFIG_INVENTORY;
}
