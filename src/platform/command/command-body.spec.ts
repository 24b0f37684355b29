import { buildBody, dedupKey } from './command-body';
import { canonicalCommandName, splitCommandName } from './command-catalogue';

describe('command body', () => {
  it('carries every base property and the command’s own fields with defaults', () => {
    const body = buildBody(
      'RescanFolders',
      {},
      { trigger: 'manual', flags: { diskAccess: true, sendUpdatesToClient: true } },
    );
    expect(body).toMatchObject({
      filter: 'known',
      addNewAuthors: true,
      name: 'RescanFolders',
      trigger: 'manual',
      sendUpdatesToClient: true,
      suppressMessages: false,
      updateScheduledTask: true,
      requiresDiskAccess: true,
      isExclusive: false,
      isTypeExclusive: false,
      isLongRunning: false,
      completionMessage: 'Completed',
    });
  });

  it('maps posted field names case-insensitively onto the catalogue spelling', () => {
    const body = buildBody('RefreshAuthor', { AUTHORID: 7, IsNewAuthor: true }, { trigger: 'manual', flags: {} });
    expect(body).toMatchObject({ authorId: 7, isNewAuthor: true, updateScheduledTask: false });
    expect(body).not.toHaveProperty('AUTHORID');
  });

  it('suppressMessages keeps what a poster asked for, while sendUpdatesToClient is forced on', () => {
    const body = buildBody('Test', { sendUpdatesToClient: false }, { trigger: 'manual', flags: {} });
    expect(body).toMatchObject({ sendUpdatesToClient: true, suppressMessages: true });
  });

  it('dedup ignores base properties and compares lists as sets', () => {
    const a = buildBody('BookSearch', { bookIds: [3, 1, 2] }, { trigger: 'manual', flags: {}, clientUserAgent: 'x' });
    const b = buildBody('BookSearch', { bookIds: [1, 2, 3, 3] }, { trigger: 'scheduled', flags: {} });
    const c = buildBody('BookSearch', { bookIds: [1, 2] }, { trigger: 'manual', flags: {} });
    expect(dedupKey(a)).toBe(dedupKey(b));
    expect(dedupKey(a)).not.toBe(dedupKey(c));
  });

  it('dedup treats key order and nested objects canonically', () => {
    expect(dedupKey({ x: { b: 1, a: 2 }, y: [{ q: 1, p: 2 }] })).toBe(
      dedupKey({ y: [{ p: 2, q: 1 }], x: { a: 2, b: 1 } }),
    );
    expect(dedupKey({ authorId: 1 })).not.toBe(dedupKey({ authorId: 2 }));
  });
});

describe('command catalogue', () => {
  it('matches names case-insensitively and with a Command suffix', () => {
    expect(canonicalCommandName('refreshauthor')).toBe('RefreshAuthor');
    expect(canonicalCommandName('RSSSYNC')).toBe('RssSync');
    expect(canonicalCommandName('RefreshAuthorCommand')).toBe('RefreshAuthor');
    expect(canonicalCommandName('RefreshAuthors')).toBeUndefined();
  });

  it('splits names into words', () => {
    expect(splitCommandName('RefreshAuthor')).toBe('Refresh Author');
    expect(splitCommandName('RssSync')).toBe('Rss Sync');
    expect(splitCommandName('Test')).toBe('Test');
    expect(splitCommandName('ApplicationUpdateCheck')).toBe('Application Update Check');
  });
});
