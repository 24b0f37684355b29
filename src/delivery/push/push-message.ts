/** Readarr's ModelAction names as the hub sends them. */
export type PushAction = 'created' | 'updated' | 'deleted' | 'sync';

/** The argument of `receiveMessage`: `{name, body: {resource?, action}}` (Readarr's SignalRMessage). */
export interface PushMessage {
  name: string;
  body: { resource?: unknown; action: PushAction } | Record<string, unknown>;
}

/**
 * A change as it travels between processes: the resource name, the action, and either the ids whose
 * resources each process builds itself or the resource already built (small ones, such as a command's state).
 */
export interface PushChange {
  name: string;
  action: PushAction;
  ids?: number[];
  resource?: unknown;
}
