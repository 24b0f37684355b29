import { HttpTransportType, HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';

/** One `receiveMessage` argument as the hub sends it. */
export interface ReceivedMessage {
  name: string;
  body: { resource?: any; action?: string; [key: string]: unknown };
}

export interface HubClient {
  connection: HubConnection;
  messages: ReceivedMessage[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(match: (message: ReceivedMessage) => boolean, what: string, ms?: number): Promise<ReceivedMessage>;
  stop(): Promise<void>;
}

/** Connects the official SignalR client to a Quire base URL and records every `receiveMessage`. */
export async function connectHub(
  baseUrl: string,
  options: {
    apiKey?: string;
    transport?: HttpTransportType;
    headers?: Record<string, string>;
  } = {},
): Promise<HubClient> {
  const connection = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/signalr/messages`, {
      transport: options.transport ?? HttpTransportType.WebSockets,
      accessTokenFactory: options.apiKey ? () => options.apiKey! : undefined,
      headers: options.headers,
    })
    .configureLogging(LogLevel.None)
    .build();
  const messages: ReceivedMessage[] = [];
  const waiters = new Set<() => void>();
  connection.on('receiveMessage', (message: ReceivedMessage) => {
    messages.push(message);
    for (const waiter of [...waiters]) waiter();
  });
  await connection.start();
  return {
    connection,
    messages,
    waitFor(match, what, ms = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}; received ${JSON.stringify(messages.map(summary))}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    stop: () => connection.stop(),
  };
}

function summary(message: ReceivedMessage): string {
  const resource = message.body.resource as { id?: number; status?: string } | undefined;
  return `${message.name}:${message.body.action ?? ''}:${resource?.id ?? ''}:${resource?.status ?? ''}`;
}
