import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SETTINGS_SURFACES, SettingsInventoryResource, toInventoryResource } from './settings-inventory.resource';
import { SettingsSurface } from './settings-inventory';

/** Quire-only: what each setting does, for the web UI's notes and disabled fields. Readarr clients never call it. */
@ApiTags('Quire')
@Controller('api/v1/quire/settings-inventory')
export class SettingsInventoryController {
  constructor(@Inject(SETTINGS_SURFACES) private readonly surfaces: () => SettingsSurface[]) {}

  @Get()
  @ApiOkResponse({ type: SettingsInventoryResource })
  get(): SettingsInventoryResource {
    return toInventoryResource(this.surfaces());
  }
}
