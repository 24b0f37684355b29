/** Readarr's language ids; `/api/v1/language` lists them sorted by name. */
export const LANGUAGES: readonly { id: number; name: string }[] = [
  { id: 0, name: 'Unknown' },
  { id: 1, name: 'English' },
  { id: 2, name: 'French' },
  { id: 3, name: 'Spanish' },
  { id: 4, name: 'German' },
  { id: 5, name: 'Italian' },
  { id: 6, name: 'Danish' },
  { id: 7, name: 'Dutch' },
  { id: 8, name: 'Japanese' },
  { id: 9, name: 'Icelandic' },
  { id: 10, name: 'Chinese' },
  { id: 11, name: 'Russian' },
  { id: 12, name: 'Polish' },
  { id: 13, name: 'Vietnamese' },
  { id: 14, name: 'Swedish' },
  { id: 15, name: 'Norwegian' },
  { id: 16, name: 'Finnish' },
  { id: 17, name: 'Turkish' },
  { id: 18, name: 'Portuguese' },
  { id: 19, name: 'Flemish' },
  { id: 20, name: 'Greek' },
  { id: 21, name: 'Korean' },
  { id: 22, name: 'Hungarian' },
  { id: 23, name: 'Hebrew' },
  { id: 24, name: 'Lithuanian' },
  { id: 25, name: 'Czech' },
  { id: 26, name: 'Hindi' },
  { id: 27, name: 'Romanian' },
  { id: 28, name: 'Thai' },
  { id: 29, name: 'Bulgarian' },
  { id: 30, name: 'Portuguese (Brazil)' },
  { id: 31, name: 'Arabic' },
  { id: -1, name: 'Any' },
  { id: -2, name: 'Original' },
];

export function findLanguage(id: number): { id: number; name: string } | undefined {
  return LANGUAGES.find((language) => language.id === id);
}

/** A language the UI can be shown in (`config/ui` `uiLanguage`): a real language, id ≥ 1. */
export function isUiLanguage(id: number): boolean {
  return id >= 1 && findLanguage(id) !== undefined;
}
