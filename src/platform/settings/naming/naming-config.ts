import { sep } from 'node:path';

/** colonReplacementFormat is sent as an integer: delete 0, dash 1, spaceDash 2, spaceDashSpace 3, smart 4. */
export const COLON_REPLACEMENT_FORMATS = [0, 1, 2, 3, 4];

export interface NamingConfig {
  renameBooks: boolean;
  replaceIllegalCharacters: boolean;
  colonReplacementFormat: number;
  standardBookFormat: string;
  authorFolderFormat: string;
}

export const NAMING_CONFIG_KEY = 'naming';

export const NAMING_CONFIG_DEFAULTS: NamingConfig = {
  renameBooks: false,
  replaceIllegalCharacters: true,
  colonReplacementFormat: 4,
  standardBookFormat: `{Book Title}${sep}{Author Name} - {Book Title}{ (PartNumber)}`,
  authorFolderFormat: '{Author Name}',
};
