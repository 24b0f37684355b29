import { TLSSocket } from 'node:tls';
import { Agent, buildConnector, Dispatcher, Pool, ProxyAgent } from 'undici';
import { CertificateValidationError, unvalidatedCertificateAccepted } from './certificate-policy';
import { OutgoingHttpSettings } from './outgoing-http-settings';
import { bareHost, bypassPatterns, proxyBypassed } from './proxy-bypass';
import { httpConnectTunnel, proxyAuthorization, proxyOrigin, socksTunnel, TunnelOpener } from './proxy-tunnel';

const CONNECT_TIMEOUT_MS = 30_000;

/**
 * Opens the connection (direct or through a tunnel), then TLS for https. Certificates are checked here rather than
 * by OpenSSL's reject flag, because the certificate-validation setting may excuse a failure and deciding that can
 * need a DNS lookup.
 */
function connector(settings: OutgoingHttpSettings, tunnel?: TunnelOpener): buildConnector.connector {
  const connect = buildConnector({ rejectUnauthorized: false, timeout: CONNECT_TIMEOUT_MS });
  return (options, callback) => {
    const secured: buildConnector.Callback = (error, socket) => {
      if (error) return callback(error, null);
      if (!(socket instanceof TLSSocket) || socket.authorized) return callback(null, socket);
      const reason = String(socket.authorizationError ?? 'unknown reason');
      void unvalidatedCertificateAccepted(options.hostname, settings.certificateValidation).then((accepted) => {
        if (accepted) return callback(null, socket);
        socket.destroy();
        callback(new CertificateValidationError(bareHost(options.hostname), reason), null);
      });
    };
    if (!tunnel) return connect(options, secured);
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
    tunnel(bareHost(options.hostname), port).then(
      (socket) =>
        options.protocol === 'https:' ? connect({ ...options, httpSocket: socket }, secured) : callback(null, socket),
      (error: Error) => callback(error, null),
    );
  };
}

/**
 * Quire's outgoing HTTP behaviour from the host config, as Readarr's HTTP dispatcher has it: each origin goes direct
 * (proxy off, or bypassed) or through the proxy, plain HTTP as absolute-URI requests to an HTTP proxy, HTTPS through
 * a `CONNECT` tunnel, everything through a SOCKS tunnel for the SOCKS types.
 */
export function buildOutgoingDispatcher(settings: OutgoingHttpSettings): Dispatcher {
  const patterns = bypassPatterns(settings.proxyBypassFilter);
  const direct = connector(settings);
  // The CONNECT client keeps no socket of its own: each tunnel's socket is handed to the pool that asked for it.
  const viaProxy = !settings.proxyEnabled
    ? undefined
    : connector(settings, settings.proxyType === 'http' ? httpConnectTunnel(settings) : socksTunnel(settings));
  const authorization = proxyAuthorization(settings);
  return new Agent({
    factory: (origin, options) => {
      const url = new URL(String(origin));
      if (!viaProxy || proxyBypassed(url.hostname, settings, patterns))
        return new Pool(origin, { ...options, connect: direct });
      if (settings.proxyType === 'http' && url.protocol === 'http:') {
        return new ProxyAgent({ uri: proxyOrigin(settings), token: authorization, proxyTunnel: false });
      }
      return new Pool(origin, { ...options, connect: viaProxy });
    },
  });
}
