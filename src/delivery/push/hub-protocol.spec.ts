import { checkHandshake, frame, parseMessage, RECORD_SEPARATOR, splitRecords } from './hub-protocol';

describe('SignalR JSON hub protocol', () => {
  it('ends every frame with the record separator and writes dates like the REST answers', () => {
    const text = frame({
      type: 1,
      target: 'receiveMessage',
      arguments: [{ at: new Date('2024-01-02T03:04:05.678Z') }],
    });
    expect(text.endsWith(RECORD_SEPARATOR)).toBe(true);
    expect(JSON.parse(text.slice(0, -1))).toEqual({
      type: 1,
      target: 'receiveMessage',
      arguments: [{ at: '2024-01-02T03:04:05Z' }],
    });
  });

  it('splits complete records and keeps a partial one for the next chunk', () => {
    expect(splitRecords(`{"type":6}\x1e{"type":6}\x1e{"ty`)).toEqual({
      records: ['{"type":6}', '{"type":6}'],
      rest: '{"ty',
    });
    expect(splitRecords('')).toEqual({ records: [], rest: '' });
  });

  it('accepts only the json protocol, version 1', () => {
    expect(checkHandshake('{"protocol":"json","version":1}')).toBeUndefined();
    expect(checkHandshake('{"protocol":"messagepack","version":1}')).toMatch(/not supported/);
    expect(checkHandshake('{"protocol":"json","version":2}')).toMatch(/version 2/);
    expect(checkHandshake('nonsense')).toMatch(/not valid JSON/);
    expect(checkHandshake('{}')).toMatch(/missing the protocol/);
  });

  it('parses hub messages and rejects anything without a numeric type', () => {
    expect(parseMessage('{"type":6}')).toEqual({ type: 6 });
    expect(parseMessage('{"type":"6"}')).toBeUndefined();
    expect(parseMessage('[1]')).toBeUndefined();
    expect(parseMessage('{')).toBeUndefined();
  });
});
