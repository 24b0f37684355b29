import { describe, expect, it } from 'vitest';
import { statusNote } from './settings-inventory';

describe('statusNote', () => {
  it('disables an unsupported field and says why', () => {
    expect(statusNote({ name: 'launchBrowser', status: 'unsupported', detail: 'no desktop' })).toEqual({
      disabled: true,
      note: 'Not supported by Quire: no desktop',
    });
  });

  it('keeps a pending field editable with a note', () => {
    expect(statusNote({ name: 'chownGroup', status: 'pending', detail: 'stored' })).toEqual({
      disabled: false,
      note: 'Not yet acted on by Quire: stored',
    });
  });

  it('says nothing about fields that act, or before the list is loaded', () => {
    expect(statusNote({ name: 'port', status: 'acts', detail: 'src/main.ts' })).toEqual({ disabled: false });
    expect(statusNote(undefined)).toEqual({ disabled: false });
  });
});
