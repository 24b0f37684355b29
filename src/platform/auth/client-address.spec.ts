import { isLocalAddress } from './client-address';

describe('isLocalAddress', () => {
  it.each([
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    'fd00::1',
    'fe80::1',
  ])('accepts %s', (address) => expect(isLocalAddress(address)).toBe(true));

  it.each(['8.8.8.8', '172.32.0.1', '::ffff:1.2.3.4', '2001:db8::1', '', undefined, 'localhost'])(
    'rejects %s',
    (address) => expect(isLocalAddress(address)).toBe(false),
  );
});

describe('isLocalAddress with carrier-grade NAT', () => {
  it('counts 100.64.0.0/10 as local only when trusted', () => {
    expect(isLocalAddress('100.100.1.1')).toBe(false);
    expect(isLocalAddress('100.100.1.1', true)).toBe(true);
    expect(isLocalAddress('100.128.0.1', true)).toBe(false);
  });
});
