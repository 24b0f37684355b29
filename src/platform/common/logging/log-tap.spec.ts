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

  it('leaves the per-request access line to stdout, keeps application lines logged during a request', () => {
    const access = { level: 40, time: 0, req: { method: 'GET', url: '/x' }, res: { statusCode: 401 }, msg: 'done' };
    expect(parseLine(JSON.stringify(access))).toBeUndefined();
    const during = {
      level: 30,
      time: 0,
      req: { method: 'POST', url: '/api/v1/author' },
      context: 'Author',
      msg: 'Added',
    };
    expect(parseLine(JSON.stringify(during))).toMatchObject({ logger: 'Author', message: 'Added' });
  });

  it('ignores lines below info', () => {
    expect(parseLine(JSON.stringify({ level: 20, msg: 'debug' }))).toBeUndefined();
  });
});
