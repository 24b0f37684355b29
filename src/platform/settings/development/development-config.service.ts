import { Injectable, Logger } from '@nestjs/common';
import { DomainEvents } from '../../common/events/domain-events';
import { failure, ValidationError, ValidationFailure } from '../../common/errors/domain-errors';
import { EnvService } from '../../env/env.service';
import { ConfigSectionService } from '../config-section.service';
import { ConfigStore } from '../../database/config-store.service';
import { MetadataSourceSettings } from './metadata-source-settings';
import {
  DEVELOPMENT_CONFIG_DEFAULTS,
  DEVELOPMENT_CONFIG_KEY,
  DevelopmentConfig,
  METADATA_SOURCE_TYPES,
} from './development-config';
import { MetadataSourceChangedEvent } from './metadata-source-changed.event';
import { MetadataSourceProbeAnswer, MetadataSourceProbeEvent } from './metadata-source-probe.event';
import { DEVELOPMENT_CONFIG_INVENTORY } from '../settings.inventory';

const LOG_LEVELS = ['', 'trace', 'debug', 'info', 'warn', 'error', 'fatal'];

@Injectable()
export class DevelopmentConfigService extends ConfigSectionService<DevelopmentConfig> {
  private readonly logger = new Logger(DevelopmentConfigService.name);
  protected readonly key = DEVELOPMENT_CONFIG_KEY;
  protected readonly defaults = DEVELOPMENT_CONFIG_DEFAULTS;
  protected readonly inventory = DEVELOPMENT_CONFIG_INVENTORY;

  constructor(
    store: ConfigStore,
    private readonly env: EnvService,
    private readonly sourceSettings: MetadataSourceSettings,
    private readonly events: DomainEvents,
  ) {
    super(store);
  }

  /**
   * A new `metadataSource` sent without `metadataSourceType` is probed once and the protocol found is stored;
   * when the server cannot be asked, the stored type stays. A change of type announces itself, so the library
   * can be re-matched through the new source.
   */
  async update(input: object): Promise<DevelopmentConfig & { id: number }> {
    const before = await this.load();
    const sent = input as Partial<DevelopmentConfig>;
    let next: object = input;
    const urlChanged =
      typeof sent.metadataSource === 'string' && trimSlash(sent.metadataSource) !== trimSlash(before.metadataSource);
    if (
      urlChanged &&
      !sent.metadataSourceType &&
      isHttpUrl(sent.metadataSource!) &&
      !this.env.get('METADATA_SOURCE_URL')
    ) {
      const probed = await this.probe(sent.metadataSource!);
      if (probed) next = { ...input, metadataSourceType: probed };
    }
    const resource = await super.update(next);
    if (resource.metadataSourceType !== before.metadataSourceType)
      this.events.emit(
        MetadataSourceChangedEvent.NAME,
        new MetadataSourceChangedEvent(before.metadataSourceType, resource.metadataSourceType),
      );
    return resource;
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
    for (const field of ['metadataSource', 'coverSource', 'metadataEnrichmentSource'] as const) {
      if (next[field] && !isHttpUrl(next[field]))
        failures.push(failure(field, `'${next[field]}' is not a valid http(s) URL`, next[field]));
    }
    if (!(METADATA_SOURCE_TYPES as readonly string[]).includes(next.metadataSourceType))
      failures.push(
        failure('metadataSourceType', `Must be one of: ${METADATA_SOURCE_TYPES.join(', ')}`, next.metadataSourceType),
      );
    if (!LOG_LEVELS.includes(next.consoleLogLevel.toLowerCase()))
      failures.push(
        failure('consoleLogLevel', `Must be one of: ${LOG_LEVELS.slice(1).join(', ')}`, next.consoleLogLevel),
      );
    if (failures.length) throw new ValidationError(failures);
  }

  private async probe(url: string): Promise<MetadataSourceProbeAnswer> {
    const answers = (await this.events.emitAsync(
      MetadataSourceProbeEvent.NAME,
      new MetadataSourceProbeEvent(trimSlash(url)),
    )) as MetadataSourceProbeAnswer[];
    const found = answers.find((answer) => !!answer);
    if (!found)
      this.logger.warn(`Could not tell which protocol ${trimSlash(url)} speaks; the source type is unchanged`);
    return found;
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

function trimSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}
