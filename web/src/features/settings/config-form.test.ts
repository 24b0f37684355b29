import { describe, expect, it } from 'vitest';
import { configBody } from './config-form';

describe('config form body', () => {
  const loaded = { metadataSource: 'https://openlibrary.org', metadataSourceType: 'openLibrary', logRotate: 50 };

  it('leaves out a sent-only-when-edited property the user did not touch, for the server to find it out', () => {
    expect(configBody(loaded, { metadataSource: 'http://bookinfo:8788' }, ['metadataSourceType'])).toEqual({
      metadataSource: 'http://bookinfo:8788',
      logRotate: 50,
    });
  });

  it('sends it once picked, and sends everything else as loaded', () => {
    expect(configBody(loaded, { metadataSourceType: 'bookInfo' }, ['metadataSourceType'])).toEqual({
      ...loaded,
      metadataSourceType: 'bookInfo',
    });
    expect(configBody(loaded, {}, [])).toEqual(loaded);
  });
});
