import { labelFromKey } from './localization-label';

describe('labelFromKey', () => {
  it.each([
    ['UnmappedFiles', 'Unmapped files'],
    ['QueueIsEmpty', 'Queue is empty'],
    ['APIKey', 'API key'],
    ['ApiKeyHelpTextWarning', 'API key help text warning'],
    ['UILanguage', 'UI language'],
    ['ISBN', 'ISBN'],
    ['ReadarrTags', 'Quire tags'],
    ['CalibreContentServer', 'Calibre content server'],
    ['ImportFailedInterp', 'Import failed'],
    ['Year2', 'Year 2'],
    ['IsInUseCantDeleteAQualityProfile', "Is in use can't delete a quality profile"],
  ])('%s → %s', (key, label) => {
    expect(labelFromKey(key)).toBe(label);
  });
});
