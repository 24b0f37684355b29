import { FALLBACK_TABLE, parseRoutingTable, resolveChannels, RoutingFileError } from './routing-table';

const FILE = `
routes:
  backup-agent: [email]
  deploy-bot:
    - ntfy
    - ha_tts
  default: [ntfy]
`;

describe('parseRoutingTable', () => {
  it('reads routes and the default entry inside routes', () => {
    expect(parseRoutingTable(FILE)).toEqual({
      routes: { 'backup-agent': ['email'], 'deploy-bot': ['ntfy', 'ha_tts'] },
      default: ['ntfy'],
    });
  });

  it('accepts default at the top level too', () => {
    expect(parseRoutingTable('routes:\n  a: [ha_tts]\ndefault: [email, ntfy]\n')).toEqual({
      routes: { a: ['ha_tts'] },
      default: ['email', 'ntfy'],
    });
  });

  it('treats an empty file as an empty table', () => {
    expect(parseRoutingTable('')).toEqual({ routes: {} });
  });

  it.each([
    ['invalid YAML', 'routes: [unclosed', /not valid YAML/],
    ['a list at the top level', '- email', /top level must be a mapping/],
    ['routes as a list', 'routes:\n  - email', /"routes" must be a mapping/],
    ['a channel that is not a list', 'routes:\n  a: email', /routes.a must be a list/],
    ['an unknown channel', 'routes:\n  a: [sms]', /unknown channel "sms" \(valid: email, ntfy, ha_tts\)/],
    ['default twice', 'routes:\n  default: [email]\ndefault: [ntfy]', /both/],
  ])('rejects %s with the reason', (_name, text, reason) => {
    expect(() => parseRoutingTable(text)).toThrow(RoutingFileError);
    expect(() => parseRoutingTable(text)).toThrow(reason);
  });
});

describe('resolveChannels: request, then route, then default, then email', () => {
  const table = parseRoutingTable(FILE);

  it('1. a non-empty channels list wins and skips the table (duplicates removed, order kept)', () => {
    expect(resolveChannels(table, 'deploy-bot', ['ha_tts', 'email', 'ha_tts'])).toEqual({
      channels: ['ha_tts', 'email'],
      rule: 'request',
    });
  });

  it('2. an empty channels list uses the entry for the source agent', () => {
    expect(resolveChannels(table, 'deploy-bot', [])).toEqual({ channels: ['ntfy', 'ha_tts'], rule: 'route' });
    expect(resolveChannels(table, 'backup-agent', undefined)).toEqual({ channels: ['email'], rule: 'route' });
  });

  it('3. an unknown agent uses the default entry', () => {
    expect(resolveChannels(table, 'someone-else', [])).toEqual({ channels: ['ntfy'], rule: 'default' });
  });

  it('4. without a default entry, ["email"]', () => {
    expect(resolveChannels({ routes: { a: ['ntfy'] } }, 'b', [])).toEqual({ channels: ['email'], rule: 'fallback' });
    expect(resolveChannels(FALLBACK_TABLE, 'any', [])).toEqual({ channels: ['email'], rule: 'default' });
  });

  it('an agent mapped to an empty list falls through to default', () => {
    expect(resolveChannels({ routes: { quiet: [] }, default: ['ha_tts'] }, 'quiet', [])).toEqual({
      channels: ['ha_tts'],
      rule: 'default',
    });
  });

  it('does not mistake inherited object keys for agents', () => {
    expect(resolveChannels({ routes: {} }, 'constructor', [])).toEqual({ channels: ['email'], rule: 'fallback' });
  });
});
