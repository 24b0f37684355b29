import type { LibraryEventDelivery } from '../connections/library-event-delivery.service';
import type { LibraryNotification } from '../connections/notification-connection';
import { BookFilesRenamedEvent } from '../../files/organizer/organizer.events';
import { HealthIssuesChangedEvent } from '../../platform/system/health/health.events';
import { LibraryEventListener } from './library-event.listener';
import type { WebhookPayloads } from './webhook-payloads';

describe('LibraryEventListener', () => {
  const delivered: LibraryNotification[] = [];
  let fail = false;
  const delivery = {
    deliver: async (message: LibraryNotification) => {
      if (fail) throw new Error('database gone');
      delivered.push(message);
    },
  } as unknown as LibraryEventDelivery;
  const payloads = {
    renamed: async (authorId: number) => ({ author: { id: authorId } }),
    health: () => ({ level: 'warning' }),
  } as unknown as WebhookPayloads;
  const listener = new LibraryEventListener(delivery, payloads);
  const renamed = new BookFilesRenamedEvent([
    { bookFileId: 1, authorId: 1, bookId: 1, previousPath: '/a', path: '/b' },
    { bookFileId: 2, authorId: 1, bookId: 1, previousPath: '/c', path: '/d' },
    { bookFileId: 3, authorId: 2, bookId: 5, previousPath: '/e', path: '/f' },
  ]);

  beforeEach(() => {
    delivered.length = 0;
    fail = false;
  });

  it('a rename is one message per author, about that author (tags pick the connections by it)', async () => {
    listener.onRenamed(renamed);
    await listener.idle();
    expect(delivered).toEqual([
      expect.objectContaining({
        eventType: 'rename',
        body: '2 files renamed',
        audience: { authorIds: [1] },
        data: expect.objectContaining({ webhookPayload: { author: { id: 1 } } }),
      }),
      expect.objectContaining({ eventType: 'rename', body: '1 file renamed', audience: { authorIds: [2] } }),
    ]);
  });

  it('health messages are for every connection whatever its tags; a resolved issue is healthRestored', async () => {
    const issue = { source: 'IndexerCheck', type: 'warning' as const, message: 'No indexers' };
    listener.onHealthChanged(new HealthIssuesChangedEvent([], [issue]));
    await listener.idle();
    expect(delivered).toEqual([
      expect.objectContaining({ eventType: 'healthRestored', title: 'Health Check Restored', audience: 'all' }),
    ]);
  });

  it('a failure is logged, never thrown into the emitter; idle still resolves', async () => {
    fail = true;
    expect(() => listener.onRenamed(renamed)).not.toThrow();
    await expect(listener.idle()).resolves.toBeUndefined();
  });
});
