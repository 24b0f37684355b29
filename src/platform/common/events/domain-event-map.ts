/**
 * Every domain event's name, mapped to the class of its payload. Empty here on purpose: this folder may not import
 * feature code, so each publishing feature adds its own events by declaration merging, beside their classes:
 *
 * ```ts
 * declare module '../../platform/common/events/domain-event-map' {
 *   interface DomainEventMap {
 *     [BookGrabbedEvent.NAME]: BookGrabbedEvent;
 *   }
 * }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, see above
export interface DomainEventMap {}

export type DomainEventName = keyof DomainEventMap;
