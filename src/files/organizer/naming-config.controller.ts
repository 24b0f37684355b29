import { Controller, Get, Query } from '@nestjs/common';
import { namingExamples, type NamingExamples } from './naming-examples';
import { createConfigController } from '../../platform/common/http/config-controller.factory';
import { NamingConfigResource, NamingExamplesQuery } from '../../platform/settings/naming/naming-config.resource';
import { NamingConfigService } from '../../platform/settings/naming/naming-config.service';

const NamingConfigBase = createConfigController({
  section: 'naming',
  tag: 'NamingConfig',
  resource: NamingConfigResource,
  service: NamingConfigService,
});

// The tag is the base's (class metadata is inherited); repeating it would list it twice.
@Controller('api/v1/config/naming')
export class NamingConfigController extends NamingConfigBase {
  constructor(private readonly naming: NamingConfigService) {
    super(naming);
  }

  /** Registered before the base's `:id`, so `examples` is not read as an id; rendered by the organizer's engine. */
  @Get('examples')
  async examples(@Query() query: NamingExamplesQuery): Promise<NamingExamples> {
    const saved = await this.naming.load();
    const { kind = 'audiobook', ...form } = query;
    if (!form.id) return namingExamples(saved, kind);
    const sent = Object.fromEntries(Object.entries(form).filter(([, value]) => value !== undefined));
    return namingExamples({ ...saved, ...sent }, kind);
  }
}
