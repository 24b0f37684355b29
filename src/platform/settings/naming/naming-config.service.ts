import { Injectable } from '@nestjs/common';
import { failure, ValidationError, ValidationFailure } from '../../common/errors/domain-errors';
import { ConfigSectionService } from '../config-section.service';
import { NAMING_CONFIG_DEFAULTS, NAMING_CONFIG_KEY, NamingConfig } from './naming-config';
import { authorFolderFormatProblem, basicNamingFields, standardBookFormatProblem } from './naming-rules';
import { NAMING_CONFIG_INVENTORY } from '../settings.inventory';

@Injectable()
export class NamingConfigService extends ConfigSectionService<NamingConfig> {
  protected readonly key = NAMING_CONFIG_KEY;
  protected readonly defaults = NAMING_CONFIG_DEFAULTS;
  protected readonly inventory = NAMING_CONFIG_INVENTORY;

  async toResource(config?: NamingConfig) {
    const resource = await super.toResource(config);
    return { ...resource, ...basicNamingFields(resource.standardBookFormat) };
  }

  protected async validate(next: NamingConfig): Promise<void> {
    const failures: ValidationFailure[] = [];
    const bookProblem = standardBookFormatProblem(next.standardBookFormat);
    if (bookProblem) failures.push(failure('standardBookFormat', bookProblem, next.standardBookFormat));
    const authorProblem = authorFolderFormatProblem(next.authorFolderFormat);
    if (authorProblem) failures.push(failure('authorFolderFormat', authorProblem, next.authorFolderFormat));
    if (failures.length) throw new ValidationError(failures);
  }
}
