import { redactQueryParameters, redactSecrets } from './redact-secrets';

describe('redactSecrets', () => {
  it.each([
    '/api/v1/author?apikey=SECRETKEY',
    '/api/v1/author?api%6Bey=SECRETKEY',
    '/api/v1/author?API%5FKEY=SECRETKEY',
    '/api/v1/author?apikey%00=SECRETKEY',
    '/api/v1/author?apikey[]=SECRETKEY',
    '/api/v1/author?apikey%5B%5D=SECRETKEY&x=1',
    '/api/v1/author?x=1&access_token=SECRETKEY',
    '/api/v1/author?a=1;token=SECRETKEY',
  ])('removes the key from %s', (url) => {
    const redacted = redactQueryParameters(url);
    expect(redacted).not.toContain('SECRETKEY');
    expect(redacted).toContain('[Redacted]');
  });

  it('keeps other parameters and JSON around URLs intact', () => {
    const line = JSON.stringify({ msg: 'Cannot GET /x?page=2&apikey=SECRETKEY', req: { url: '/x?apikey=SECRETKEY' } });
    const redacted = redactQueryParameters(line);
    expect(JSON.parse(redacted)).toEqual({
      msg: 'Cannot GET /x?page=2&apikey=[Redacted]',
      req: { url: '/x?apikey=[Redacted]' },
    });
  });

  it('redacts key=value and header forms in prose', () => {
    expect(redactSecrets('X-Api-Key: SECRETKEY, password=hunter2')).not.toMatch(/SECRETKEY|hunter2/);
  });
});
