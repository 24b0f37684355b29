import type { Response } from 'express';
import { EventEmitter } from 'node:events';
import { HUB_LIMITS, HubConnection, HubTransport } from './hub-connection';
import { RECORD_SEPARATOR } from './hub-protocol';
import { LongPollingTransport } from './long-polling.transport';

class RecordingTransport implements HubTransport {
  readonly kind = 'WebSockets' as const;
  frames: string[] = [];
  closed = false;
  constructor(private readonly capacity = Infinity) {}
  send(frame: string): boolean {
    if (this.frames.length >= this.capacity) return false;
    this.frames.push(frame);
    return true;
  }
  close(): void {
    this.closed = true;
  }
}

function connection() {
  const events: string[] = [];
  const hub = new HubConnection(
    'id',
    'token',
    () => events.push('handshake'),
    (_connection, reason) => events.push(`closed:${reason ?? ''}`),
  );
  return { hub, events };
}

const HANDSHAKE = `{"protocol":"json","version":1}${RECORD_SEPARATOR}`;

describe('HubConnection', () => {
  it('answers the handshake with {} and then takes pings, even split across chunks', () => {
    const { hub, events } = connection();
    const transport = new RecordingTransport();
    hub.attach(transport);
    hub.receive(HANDSHAKE.slice(0, 10));
    hub.receive(HANDSHAKE.slice(10) + `{"type":6}`);
    hub.receive(RECORD_SEPARATOR);
    expect(transport.frames).toEqual([`{}${RECORD_SEPARATOR}`]);
    expect(events).toEqual(['handshake']);
    expect(hub.closed).toBe(false);
  });

  it('refuses another protocol with an error handshake response and closes', () => {
    const { hub, events } = connection();
    const transport = new RecordingTransport();
    hub.attach(transport);
    hub.receive(`{"protocol":"messagepack","version":1}${RECORD_SEPARATOR}`);
    expect(JSON.parse(transport.frames[0].slice(0, -1))).toEqual({ error: expect.stringMatching(/not supported/) });
    expect(hub.closed).toBe(true);
    expect(transport.closed).toBe(true);
    expect(events).toEqual([expect.stringMatching(/^closed:/)]);
  });

  it('closes a client that sends a record larger than the limit, ended or not', () => {
    for (const ending of [RECORD_SEPARATOR, '']) {
      const { hub } = connection();
      hub.attach(new RecordingTransport());
      hub.receive(HANDSHAKE);
      hub.receive(`{"type":6,"x":"${'a'.repeat(HUB_LIMITS.maxMessageBytes)}"}${ending}`);
      expect(hub.closed).toBe(true);
    }
  });

  it('answers a blocking call of an unknown method with a completion error', () => {
    const { hub } = connection();
    const transport = new RecordingTransport();
    hub.attach(transport);
    hub.receive(HANDSHAKE);
    hub.receive(`{"type":1,"invocationId":"7","target":"nope","arguments":[]}${RECORD_SEPARATOR}`);
    expect(JSON.parse(transport.frames[1].slice(0, -1))).toEqual({
      type: 3,
      invocationId: '7',
      error: "Unknown hub method 'nope'",
    });
  });

  it('drops a slow consumer whose transport cannot take more', () => {
    const { hub, events } = connection();
    const transport = new RecordingTransport(3);
    hub.attach(transport);
    hub.receive(HANDSHAKE);
    expect(hub.send({ type: 6 })).toBe(true);
    expect(hub.send({ type: 6 })).toBe(true);
    expect(hub.send({ type: 6 })).toBe(false);
    expect(hub.closed).toBe(true);
    expect(events).toContain('closed:Slow consumer');
  });

  it('ends on the client close message', () => {
    const { hub, events } = connection();
    hub.attach(new RecordingTransport());
    hub.receive(HANDSHAKE + `{"type":7}${RECORD_SEPARATOR}`);
    expect(hub.closed).toBe(true);
    expect(events).toEqual(['handshake', 'closed:']);
  });
});

class FakeResponse extends EventEmitter {
  statusCode = 0;
  body?: string;
  headersSent = false;
  writableEnded = false;
  setHeader(): void {}
  end(body?: string): void {
    this.body = body ?? '';
    this.writableEnded = true;
  }
}

describe('LongPollingTransport', () => {
  const poll = (transport: LongPollingTransport) => {
    const response = new FakeResponse();
    transport.poll(response as unknown as Response);
    return response;
  };

  it('answers the first poll at once, then holds a poll until a frame arrives', () => {
    const transport = new LongPollingTransport();
    expect(poll(transport)).toMatchObject({ statusCode: 200, body: '' });
    const waiting = poll(transport);
    expect(waiting.writableEnded).toBe(false);
    transport.send('a\x1e');
    transport.send('b\x1e');
    expect(waiting).toMatchObject({ statusCode: 200, body: 'a\x1e' });
    expect(poll(transport)).toMatchObject({ statusCode: 200, body: 'b\x1e' });
  });

  it('answers 204 once closed, and refuses frames past the queue limit', () => {
    const transport = new LongPollingTransport();
    poll(transport);
    for (let i = 0; i < HUB_LIMITS.maxQueuedFrames; i++) expect(transport.send('x')).toBe(true);
    expect(transport.send('x')).toBe(false);
    transport.close();
    expect(poll(transport).statusCode).toBe(200); // what was queued is still handed over
    expect(poll(transport).statusCode).toBe(204);
  });
});
