import { DynamicModule, Module } from '@nestjs/common';
import { SettingsSurface } from './settings-inventory';
import { SettingsInventoryController } from './settings-inventory.controller';
import { SETTINGS_SURFACES } from './settings-inventory.resource';

/** Serves the settings inventory; the composition root passes the function that gathers every feature's part. */
@Module({})
export class SettingsInventoryModule {
  static forRoot(surfaces: () => SettingsSurface[]): DynamicModule {
    return {
      module: SettingsInventoryModule,
      controllers: [SettingsInventoryController],
      providers: [{ provide: SETTINGS_SURFACES, useValue: surfaces }],
    };
  }
}
