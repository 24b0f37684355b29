import { parseLine } from './log-tap';

describe('parseLine', () => {
  it('keeps a text message as it is', () => {
    const record = parseLine(JSON.stringify({ level: 30, time: 0, context: 'Books', msg: 'Added 3 books' }));
    expect(record).toMatchObject({ level: 'Info', logger: 'Books', message: 'Added 3 books' });
  });

  it('writes a structured line (no text) as its event and key=value fields, secrets scrubbed', () => {
    const line = {
      level: 40,
      time: 0,
      pid: 1,
      hostname: 'h',
      context: 'NotificationHub',
      event: 'ntfy.failed',
      notification_id: 'n-1',
      channels: ['ntfy', 'email'],
      error: 'token=abc123 refused',
    };
    expect(parseLine(JSON.stringify(line))).toMatchObject({
      level: 'Warn',
      logger: 'NotificationHub',
      message: 'ntfy.failed notification_id=n-1 channels=["ntfy","email"] error=token=[Redacted] refused',
    });
  });

  it('ignores lines below info', () => {
    expect(parseLine(JSON.stringify({ level: 20, msg: 'debug' }))).toBeUndefined();
  });
});
