import { ENGLISH_STRINGS } from './localization-strings';
import { labelFromKey } from './localization-label';
import { LABELS_WITH_PLACEHOLDERS } from './localization-placeholders';
import { READARR_UI_KEYS } from './readarr-ui-keys';

/**
 * The `Strings` table of `GET /api/v1/localization`: every key a Readarr-era front end asks for, with Quire's
 * hand-written label where there is one and a label derived from the key's words otherwise, so the UI never
 * shows a raw key. Built once.
 */
export const LOCALIZATION_STRINGS: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(READARR_UI_KEYS.map((key) => [key, labelFromKey(key)])),
  ...ENGLISH_STRINGS,
  ...LABELS_WITH_PLACEHOLDERS,
});
