import { ApiProperty } from '@nestjs/swagger';
import { fieldView, SettingsSurface, SettingStatus } from './settings-inventory';

/** The token under which the composition root hands over every surface (features above platform own them). */
export const SETTINGS_SURFACES = 'quire:settingsSurfaces';

export class SettingsInventoryFieldResource {
  name: string;
  @ApiProperty({ enum: ['acts', 'ui-only', 'pending', 'unsupported'] }) status: SettingStatus;
  /** The reason (unsupported), the note (pending or partly acting), or where it acts or is applied. */
  detail: string;
}

export class SettingsInventorySurfaceResource {
  id: string;
  title: string;
  route: string;
  @ApiProperty({ type: [SettingsInventoryFieldResource] }) fields: SettingsInventoryFieldResource[];
}

export class SettingsInventoryResource {
  @ApiProperty({ type: [SettingsInventorySurfaceResource] }) surfaces: SettingsInventorySurfaceResource[];
}

export function toInventoryResource(surfaces: SettingsSurface[]): SettingsInventoryResource {
  return {
    surfaces: surfaces.map((surface) => ({
      id: surface.id,
      title: surface.title,
      route: surface.route,
      fields: surface.fields.flatMap((name) => (surface.entries[name] ? [fieldView(name, surface.entries[name])] : [])),
    })),
  };
}
