import { DynamicModule, Global, Injectable, Module } from '@nestjs/common';
import { EventEmitter2, EventEmitterModule, OnEvent } from '@nestjs/event-emitter';
import type { DomainEventMap, DomainEventName } from './domain-event-map';

/** `@OnEvent`'s options (the package does not export their type from its entry point). */
export type OnDomainEventOptions = Parameters<typeof OnEvent>[1];

/**
 * Publishes domain events through `@nestjs/event-emitter`, with the payload type the event's name calls for in
 * `DomainEventMap`: a payload of another event does not compile.
 */
@Injectable()
export class DomainEvents {
  constructor(private readonly emitter: EventEmitter2) {}

  /** Calls the listeners and returns at once; an async listener's work goes on after the caller continues. */
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void {
    this.emitter.emit(name, payload);
  }

  /** Calls the listeners and waits for the promises they return; resolves to their answers, in listener order. */
  emitAsync<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<unknown[]> {
    return this.emitter.emitAsync(name, payload);
  }

  /**
   * Listens from now on, outside the `@OnDomainEvent` methods Nest finds at start-up (a test observing what was
   * published); returns the call that stops listening.
   */
  on<K extends DomainEventName>(name: K, listener: (payload: DomainEventMap[K]) => unknown): () => void {
    this.emitter.on(name, listener);
    return () => {
      this.emitter.off(name, listener);
    };
  }
}

/**
 * Makes the method a listener of `name`, like `@OnEvent` (same options: `async`, `promisify`, …), and only compiles
 * when the method's parameter accepts that event's payload.
 */
export function OnDomainEvent<K extends DomainEventName>(name: K, options?: OnDomainEventOptions) {
  return <M extends (payload: DomainEventMap[K]) => unknown>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    OnEvent(name, options)(target, key, descriptor);
  };
}

/** The event bus for the whole app: `EventEmitterModule` underneath, `DomainEvents` injectable everywhere. */
@Global()
@Module({})
export class DomainEventsModule {
  static forRoot(): DynamicModule {
    return {
      module: DomainEventsModule,
      imports: [EventEmitterModule.forRoot()],
      providers: [DomainEvents],
      exports: [DomainEvents],
    };
  }
}
