import { Injectable } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { ApplicationStoppingEvent } from '../lifecycle/application-stopping.event';
import { DomainEvents, DomainEventsModule, OnDomainEvent } from './domain-events';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

@Injectable()
class StoppingListener {
  readonly seen: ApplicationStoppingEvent[] = [];
  finished = 0;

  @OnDomainEvent(ApplicationStoppingEvent.NAME)
  record(event: ApplicationStoppingEvent): void {
    this.seen.push(event);
  }

  @OnDomainEvent(ApplicationStoppingEvent.NAME, { async: true, promisify: true })
  async drain(): Promise<string> {
    await sleep(20);
    this.finished++;
    return 'drained';
  }
}

class MistypedListener {
  // A listener whose parameter does not accept the event's payload does not compile.
  // @ts-expect-error: ApplicationStoppingEvent has no `url`
  @OnDomainEvent(ApplicationStoppingEvent.NAME)
  probe(event: { url: string }): string {
    return event.url;
  }
}

describe('DomainEvents', () => {
  let module: TestingModule;
  let events: DomainEvents;
  let listener: StoppingListener;

  beforeEach(async () => {
    module = await Test.createTestingModule({
      imports: [DomainEventsModule.forRoot()],
      providers: [StoppingListener],
    }).compile();
    await module.init();
    events = module.get(DomainEvents);
    listener = module.get(StoppingListener);
  });
  afterEach(() => module.close());

  it('hands the payload to every @OnDomainEvent listener', () => {
    const event = new ApplicationStoppingEvent(42);
    events.emit(ApplicationStoppingEvent.NAME, event);
    expect(listener.seen).toEqual([event]);
  });

  it('emit returns before an async listener ends; emitAsync waits for it and returns the answers', async () => {
    events.emit(ApplicationStoppingEvent.NAME, new ApplicationStoppingEvent(1));
    expect(listener.finished).toBe(0);
    const answers = await events.emitAsync(ApplicationStoppingEvent.NAME, new ApplicationStoppingEvent(2));
    expect(listener.finished).toBeGreaterThanOrEqual(1);
    expect(answers).toContain('drained');
  });

  it('on() listens until the returned call stops it', async () => {
    const seen: number[] = [];
    const stop = events.on(ApplicationStoppingEvent.NAME, (event) => seen.push(event.deadline));
    await events.emitAsync(ApplicationStoppingEvent.NAME, new ApplicationStoppingEvent(1));
    stop();
    await events.emitAsync(ApplicationStoppingEvent.NAME, new ApplicationStoppingEvent(2));
    expect(seen).toEqual([1]);
  });

  it('checks payloads against the event name at compile time', () => {
    const publish = () =>
      // @ts-expect-error: the payload of application.stopping is an ApplicationStoppingEvent
      events.emit(ApplicationStoppingEvent.NAME, { deadline: 'soon' });
    expect(publish).not.toThrow();
    /* eslint-disable no-restricted-syntax -- a name no event has, spelled out for the compiler to reject */
    // @ts-expect-error: no event has this name
    expect(() => events.emit('no.such.event', {})).not.toThrow();
    /* eslint-enable no-restricted-syntax */
    expect(MistypedListener).toBeDefined();
  });
});
