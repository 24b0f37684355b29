import { lookup } from 'node:dns/promises';
import { isLocalAddress } from '../../../platform/auth/client-address';
import type { HostConfig } from '../../../platform/auth/host-config/host-config';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

/**
 * Whether the relay's TLS certificate must be valid, following the host setting `certificateValidation` as
 * Readarr applies it to its mail client: a relay on this machine is trusted as it is (a self-signed certificate
 * on a local relay is the common case), `disabled` trusts every relay, `disabledForLocalAddresses` every relay
 * whose name resolves to local addresses only.
 */
export async function verifiesRelayCertificate(
  host: string,
  validation: HostConfig['certificateValidation'],
): Promise<boolean> {
  if (LOOPBACK_NAMES.has(host.toLowerCase())) return false;
  if (validation === 'disabled') return false;
  if (validation !== 'disabledForLocalAddresses') return true;
  const addresses = await lookup(host, { all: true }).catch(() => []);
  return addresses.length === 0 || !addresses.every((entry) => isLocalAddress(entry.address));
}
