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
    expect(
      statusNote({ name: 'chownGroup', status: 'pending', detail: 'stored, not yet acted on: files keep their group' }),
    ).toEqual({ disabled: false, note: 'Stored, not yet acted on: files keep their group' });
  });

  it('disables a field an environment variable pins and names the variable', () => {
    expect(statusNote({ name: 'port', status: 'acts', detail: 'src/main.ts', pinnedBy: 'PORT' })).toEqual({
      disabled: true,
      note: 'Set by the PORT environment variable',
    });
  });

  it('says nothing about fields that act, or before the list is loaded', () => {
    expect(statusNote({ name: 'port', status: 'acts', detail: 'src/main.ts' })).toEqual({ disabled: false });
    expect(statusNote(undefined)).toEqual({ disabled: false });
  });
});
