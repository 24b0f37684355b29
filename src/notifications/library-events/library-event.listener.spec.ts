import type { NotificationDispatcher } from '../hub/dispatcher.service';
import type { NotificationService } from '../connections/notification.service';
import { BookFilesRenamedEvent } from '../../files/organizer/organizer.events';
import { HealthIssuesChangedEvent } from '../../platform/system/health/health.events';
import { LibraryEventListener } from './library-event.listener';

describe('LibraryEventListener', () => {
  const routed: { title: string; metadata?: Record<string, unknown> }[] = [];
  const delivered: { eventType: string }[] = [];
  let failConnections = false;
  const dispatcher = {
    dispatch: async (request: { title: string; metadata?: Record<string, unknown> }) => {
      routed.push(request);
      return {};
    },
  } as unknown as NotificationDispatcher;
  const connections = {
    deliver: async (event: { eventType: string }) => {
      if (failConnections) throw new Error('database gone');
      delivered.push(event);
      return 1;
    },
  } as unknown as NotificationService;
  const listener = new LibraryEventListener(dispatcher, connections);
  const renamed = new BookFilesRenamedEvent([
    { bookFileId: 1, authorId: 1, bookId: 1, previousPath: '/a', path: '/b' },
  ]);

  beforeEach(() => {
    routed.length = 0;
    delivered.length = 0;
    failConnections = false;
  });

  it('sends one message to the hub routing (source quire, event_type) and to the connections', async () => {
    listener.onRenamed(renamed);
    await listener.idle();
    expect(routed).toEqual([
      expect.objectContaining({ sourceAgent: 'quire', title: 'Books renamed', metadata: { event_type: 'rename' } }),
    ]);
    expect(delivered).toEqual([expect.objectContaining({ eventType: 'rename', title: 'Books renamed' })]);
  });

  it('a resolved health issue goes to the hub only (Readarr has no connection flag for it)', async () => {
    const issue = { source: 'IndexerCheck', type: 'warning' as const, message: 'No indexers' };
    listener.onHealthChanged(new HealthIssuesChangedEvent([], [issue]));
    await listener.idle();
    expect(routed.map((request) => request.title)).toEqual(['Health Check Restored']);
    expect(delivered).toEqual([]);
  });

  it('a failure is logged, never thrown into the emitter; idle still resolves', async () => {
    failConnections = true;
    expect(() => listener.onRenamed(renamed)).not.toThrow();
    await expect(listener.idle()).resolves.toBeUndefined();
    expect(routed).toHaveLength(1);
  });
});
