import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isLocalAddress } from '../auth/client-address';
import { bareHost } from './proxy-bypass';
import { OutgoingHttpSettings } from './outgoing-http-settings';

export type AddressResolver = (host: string) => Promise<string[]>;

const resolveAll: AddressResolver = async (host) => (await lookup(host, { all: true })).map((entry) => entry.address);

/** A server's certificate did not validate and the certificate-validation setting does not excuse it. */
export class CertificateValidationError extends Error {
  constructor(host: string, reason: string) {
    super(
      `Certificate validation for ${host} failed (${reason}); ` +
        'to accept it, change Certificate Validation in Settings → General',
    );
    this.name = 'CertificateValidationError';
  }
}

/**
 * Readarr's rule for a certificate that failed validation: accepted for `localhost` and `127.0.0.1` whatever the
 * setting, everywhere when validation is `disabled`, and with `disabledForLocalAddresses` when every address the
 * host name resolves to is a local one.
 */
export async function unvalidatedCertificateAccepted(
  hostname: string,
  mode: OutgoingHttpSettings['certificateValidation'],
  resolve: AddressResolver = resolveAll,
): Promise<boolean> {
  const host = bareHost(hostname);
  if (host === 'localhost' || host === '127.0.0.1') return true;
  if (mode === 'disabled') return true;
  if (mode !== 'disabledForLocalAddresses') return false;
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
  return addresses.length > 0 && addresses.every((address) => isLocalAddress(address));
}
