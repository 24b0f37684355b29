import type { Socket } from 'node:net';
import { SocksClient } from 'socks';
import { Client } from 'undici';
import { OutgoingHttpSettings } from './outgoing-http-settings';

const TUNNEL_TIMEOUT_MS = 30_000;

/** The proxy refused or failed the tunnel; the message names the proxy's answer, never its credentials. */
export class ProxyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProxyError';
  }
}

export const PROXY_AUTHENTICATION_FAILED =
  'Proxy authentication failed (407): check the proxy username and password in Settings → General';

export type TunnelOpener = (host: string, port: number) => Promise<Socket>;

/** Readarr's proxy address: the host name, or 127.0.0.1 when it is left empty. */
export function proxyOrigin(settings: OutgoingHttpSettings): string {
  const host = settings.proxyHostname.trim() || '127.0.0.1';
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${settings.proxyPort}`;
}

/** Basic credentials, sent only when both the username and the password are set (as Readarr does). */
export function proxyAuthorization(settings: OutgoingHttpSettings): string | undefined {
  if (!settings.proxyUsername.trim() || !settings.proxyPassword.trim()) return undefined;
  return `Basic ${Buffer.from(`${settings.proxyUsername}:${settings.proxyPassword}`).toString('base64')}`;
}

/** An HTTP proxy's tunnel (`CONNECT host:port`), the way HTTPS goes through an HTTP proxy. */
export function httpConnectTunnel(settings: OutgoingHttpSettings): TunnelOpener {
  const client = new Client(proxyOrigin(settings), { connect: { timeout: TUNNEL_TIMEOUT_MS } });
  const authorization = proxyAuthorization(settings);
  return async (host, port) => {
    const authority = `${host.includes(':') ? `[${host}]` : host}:${port}`;
    const { socket, statusCode } = await client
      .connect({
        path: authority,
        headers: { host: authority, ...(authorization ? { 'proxy-authorization': authorization } : {}) },
        signal: AbortSignal.timeout(TUNNEL_TIMEOUT_MS),
      })
      .catch((error: Error & { code?: string }) => {
        throw new ProxyError(`Proxy ${proxyOrigin(settings)} unreachable: ${error.code ?? error.message}`);
      });
    if (statusCode === 200) return socket as Socket;
    socket.destroy();
    throw new ProxyError(
      statusCode === 407 ? PROXY_AUTHENTICATION_FAILED : `Proxy refused the tunnel (HTTP ${statusCode})`,
    );
  };
}

/** A SOCKS4 (4a for host names) or SOCKS5 tunnel; SOCKS5 sends the host name, so the proxy resolves it. */
export function socksTunnel(settings: OutgoingHttpSettings): TunnelOpener {
  const socks4 = settings.proxyType === 'socks4';
  const credentials = proxyAuthorization(settings)
    ? { userId: settings.proxyUsername, password: settings.proxyPassword }
    : socks4 && settings.proxyUsername
      ? { userId: settings.proxyUsername }
      : {};
  return async (host, port) => {
    try {
      const { socket } = await SocksClient.createConnection({
        proxy: {
          host: settings.proxyHostname.trim() || '127.0.0.1',
          port: settings.proxyPort,
          type: socks4 ? 4 : 5,
          ...credentials,
        },
        command: 'connect',
        destination: { host, port },
        timeout: TUNNEL_TIMEOUT_MS,
      });
      return socket;
    } catch (error) {
      throw new ProxyError(`${socks4 ? 'SOCKS4' : 'SOCKS5'} proxy failed: ${(error as Error).message}`);
    }
  };
}
