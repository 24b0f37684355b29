import { unvalidatedCertificateAccepted } from './certificate-policy';

describe('certificate validation setting', () => {
  const resolver = (addresses: string[]) => async () => addresses;

  it('enabled: only localhost and 127.0.0.1 are excused, as in Readarr', async () => {
    expect(await unvalidatedCertificateAccepted('localhost', 'enabled')).toBe(true);
    expect(await unvalidatedCertificateAccepted('127.0.0.1', 'enabled')).toBe(true);
    expect(await unvalidatedCertificateAccepted('127.0.0.2', 'enabled')).toBe(false);
    expect(await unvalidatedCertificateAccepted('nas.home', 'enabled', resolver(['192.168.1.2']))).toBe(false);
  });

  it('disabledForLocalAddresses: excused when every resolved address is local', async () => {
    const mode = 'disabledForLocalAddresses';
    expect(await unvalidatedCertificateAccepted('192.168.1.2', mode)).toBe(true);
    expect(await unvalidatedCertificateAccepted('[fd00::1]', mode)).toBe(true);
    expect(await unvalidatedCertificateAccepted('nas.home', mode, resolver(['192.168.1.2', 'fe80::1']))).toBe(true);
    expect(
      await unvalidatedCertificateAccepted('mixed.example', mode, resolver(['192.168.1.2', '93.184.216.34'])),
    ).toBe(false);
    expect(await unvalidatedCertificateAccepted('public.example', mode, resolver(['93.184.216.34']))).toBe(false);
    const unresolvable = async (): Promise<string[]> => Promise.reject(new Error('ENOTFOUND'));
    expect(await unvalidatedCertificateAccepted('gone.example', mode, unresolvable)).toBe(false);
  });

  it('disabled: everything is excused', async () => {
    expect(await unvalidatedCertificateAccepted('93.184.216.34', 'disabled')).toBe(true);
  });
});
