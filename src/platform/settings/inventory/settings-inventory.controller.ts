import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SETTINGS_SURFACES, SettingsInventoryResource, toInventoryResource } from './settings-inventory.resource';
import { SettingsSurface } from './settings-inventory';
import { EnvService } from '../../env/env.service';
import { EnvSchema } from '../../env/env.schema';

/** Quire-only: what each setting does, for the web UI's notes and disabled fields. Readarr clients never call it. */
@ApiTags('Quire')
@Controller('api/v1/quire/settings-inventory')
export class SettingsInventoryController {
  constructor(
    @Inject(SETTINGS_SURFACES) private readonly surfaces: () => SettingsSurface[],
    private readonly env: EnvService,
  ) {}

  @Get()
  @ApiOkResponse({ type: SettingsInventoryResource })
  get(): SettingsInventoryResource {
    return toInventoryResource(this.surfaces(), (variable) => this.env.isSet(variable as keyof EnvSchema));
  }
}
