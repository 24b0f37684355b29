// Writes docs/settings.md from the settings inventories (npm run docs:settings); a unit spec checks it is current.
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderSettingsDoc } from '../src/platform/settings/inventory/settings-doc';
import { allSettingsSurfaces } from '../src/settings-inventory';

writeFileSync(join(__dirname, '..', 'docs', 'settings.md'), renderSettingsDoc(allSettingsSurfaces()));
