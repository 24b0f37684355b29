import { CommandEntity } from './command.entity';
import { toCommandResource } from './command.mapper';

function entity(overrides: Partial<CommandEntity> = {}): CommandEntity {
  return Object.assign(new CommandEntity(), {
    id: 3,
    name: 'RefreshAuthor',
    body: {
      authorId: 1,
      name: 'RefreshAuthor',
      sendUpdatesToClient: true,
      updateScheduledTask: false,
      clientUserAgent: 'curl/8',
    },
    dedupKey: '{}',
    priority: 1,
    status: 'completed',
    result: 'successful',
    trigger: 'manual',
    message: 'Completed',
    exception: null,
    clientUserAgent: 'curl/8',
    queuedAt: new Date('2025-01-01T00:00:00Z'),
    startedAt: new Date('2025-01-01T00:00:01Z'),
    endedAt: new Date('2025-01-01T00:00:02.5Z'),
    workerId: null,
    ...overrides,
  });
}

describe('toCommandResource', () => {
  it('maps Readarr’s fields', () => {
    expect(toCommandResource(entity())).toMatchObject({
      id: 3,
      name: 'RefreshAuthor',
      commandName: 'Refresh Author',
      priority: 'high',
      status: 'completed',
      result: 'successful',
      duration: '00:00:01.5000000',
      clientUserAgent: 'curl/8',
      sendUpdatesToClient: true,
      updateScheduledTask: false,
      stateChangeTime: new Date('2025-01-01T00:00:01Z'),
    });
  });

  it('omits the User-Agent of browsers', () => {
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0';
    const resource = toCommandResource(entity({ clientUserAgent: agent, body: { clientUserAgent: agent } }));
    expect(resource.clientUserAgent).toBeUndefined();
    expect(resource.body.clientUserAgent).toBeUndefined();
  });

  it('has no duration before it ends', () => {
    const resource = toCommandResource(entity({ status: 'started', endedAt: null }));
    expect(resource.duration).toBeUndefined();
    expect(resource.ended).toBeUndefined();
  });
});
