import { Injectable } from '@nestjs/common';
import { ValidationError } from '../../common/errors/domain-errors';
import { isUiLanguage } from '../../language/languages';
import { ConfigSectionService } from '../config-section.service';
import { UI_CONFIG_DEFAULTS, UI_CONFIG_KEY, UiConfig } from './ui-config';
import { UI_CONFIG_INVENTORY } from '../settings.inventory';

@Injectable()
export class UiConfigService extends ConfigSectionService<UiConfig> {
  protected readonly key = UI_CONFIG_KEY;
  protected readonly defaults = UI_CONFIG_DEFAULTS;
  protected readonly inventory = UI_CONFIG_INVENTORY;

  protected async validate(next: UiConfig): Promise<void> {
    if (!isUiLanguage(next.uiLanguage))
      throw ValidationError.of(
        'uiLanguage',
        'Invalid UI Language value',
        next.uiLanguage,
        'GreaterThanOrEqualValidator',
      );
  }
}
