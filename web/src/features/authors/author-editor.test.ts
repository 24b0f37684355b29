import { describe, expect, it } from 'vitest';
import { EMPTY_EDITOR_FORM, editorPayload, hasChanges } from './author-editor';

describe('mass editor form mapping', () => {
  it('sends only the ids when nothing changed', () => {
    expect(editorPayload(EMPTY_EDITOR_FORM, [1, 2])).toEqual({ authorIds: [1, 2] });
    expect(hasChanges(EMPTY_EDITOR_FORM)).toBe(false);
  });

  it('maps monitoring, profiles, root folder with move and tags', () => {
    const body = editorPayload(
      {
        monitored: 'false',
        qualityProfileId: '3',
        metadataProfileId: '2',
        rootFolderPath: '/books',
        moveFiles: true,
        tags: ['4', '5'],
        applyTags: 'remove',
      },
      [7],
    );
    expect(body).toEqual({
      authorIds: [7],
      monitored: false,
      qualityProfileId: 3,
      metadataProfileId: 2,
      rootFolderPath: '/books',
      moveFiles: true,
      tags: [4, 5],
      applyTags: 'remove',
    });
  });

  it('replacing with no tags clears them', () => {
    expect(editorPayload({ ...EMPTY_EDITOR_FORM, applyTags: 'replace' }, [1])).toEqual({
      authorIds: [1],
      tags: [],
      applyTags: 'replace',
    });
    expect(hasChanges({ ...EMPTY_EDITOR_FORM, monitored: 'true' })).toBe(true);
  });
});
