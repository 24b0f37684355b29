import { Injectable } from '@nestjs/common';
import { failure, ValidationError, ValidationFailure } from '../../common/errors/domain-errors';
import { EnvService } from '../../env/env.service';
import { ConfigSectionService } from '../config-section.service';
import { ConfigStore } from '../../database/config-store.service';
import { MetadataSourceSettings } from './metadata-source-settings';
import { DEVELOPMENT_CONFIG_DEFAULTS, DEVELOPMENT_CONFIG_KEY, DevelopmentConfig } from './development-config';

const LOG_LEVELS = ['', 'trace', 'debug', 'info', 'warn', 'error', 'fatal'];

@Injectable()
export class DevelopmentConfigService extends ConfigSectionService<DevelopmentConfig> {
  protected readonly key = DEVELOPMENT_CONFIG_KEY;
  protected readonly defaults = DEVELOPMENT_CONFIG_DEFAULTS;

  constructor(
    store: ConfigStore,
    private readonly env: EnvService,
    private readonly sourceSettings: MetadataSourceSettings,
  ) {
    super(store);
  }

  protected afterUpdate(): void {
    this.sourceSettings.invalidate();
  }

  /** METADATA_SOURCE_URL / COVER_SOURCE_URL win over the stored values, and are shown as such. */
  async toResource(config?: DevelopmentConfig): Promise<DevelopmentConfig & { id: number }> {
    const resource = await super.toResource(config);
    resource.metadataSource = this.env.get('METADATA_SOURCE_URL') ?? resource.metadataSource;
    resource.coverSource = this.env.get('COVER_SOURCE_URL') ?? resource.coverSource;
    return resource;
  }

  protected async validate(next: DevelopmentConfig): Promise<void> {
    const failures: ValidationFailure[] = [];
    for (const field of ['metadataSource', 'coverSource'] as const) {
      if (next[field] && !isHttpUrl(next[field]))
        failures.push(failure(field, `'${next[field]}' is not a valid http(s) URL`, next[field]));
    }
    if (!LOG_LEVELS.includes(next.consoleLogLevel.toLowerCase()))
      failures.push(
        failure('consoleLogLevel', `Must be one of: ${LOG_LEVELS.slice(1).join(', ')}`, next.consoleLogLevel),
      );
    if (failures.length) throw new ValidationError(failures);
  }
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}
