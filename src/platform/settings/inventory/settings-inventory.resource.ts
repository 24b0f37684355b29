import { ApiProperty } from '@nestjs/swagger';
import { fieldView, InventoryEntry, SettingsSurface, SettingStatus } from './settings-inventory';

/** The token under which the composition root hands over every surface (features above platform own them). */
export const SETTINGS_SURFACES = 'quire:settingsSurfaces';

export class SettingsInventoryFieldResource {
  name: string;
  @ApiProperty({ enum: ['acts', 'ui-only', 'pending', 'unsupported'] }) status: SettingStatus;
  /** The reason (unsupported), the note (pending or partly acting), or where it acts or is applied. */
  detail: string;
  /**
   * Quire-only: the environment variable that sets this field when it is given, which then wins over the saved
   * value (the UI disables the field and names the variable); absent when nothing pins it.
   */
  pinnedBy?: string;
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

/** `isSet` says whether an environment variable was given to this process. */
export function toInventoryResource(
  surfaces: SettingsSurface[],
  isSet: (variable: string) => boolean = () => false,
): SettingsInventoryResource {
  const field = (name: string, entry: InventoryEntry): SettingsInventoryFieldResource => {
    const { env, ...view } = fieldView(name, entry);
    return env && isSet(env) ? { ...view, pinnedBy: env } : view;
  };
  return {
    surfaces: surfaces.map((surface) => ({
      id: surface.id,
      title: surface.title,
      route: surface.route,
      fields: surface.fields.flatMap((name) => (surface.entries[name] ? [field(name, surface.entries[name])] : [])),
    })),
  };
}
