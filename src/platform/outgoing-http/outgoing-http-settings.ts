/** The host-config fields that govern Quire's outgoing requests (Settings → General → Proxy and Security). */
export interface OutgoingHttpSettings {
  proxyEnabled: boolean;
  proxyType: 'http' | 'socks4' | 'socks5';
  proxyHostname: string;
  proxyPort: number;
  proxyUsername: string;
  proxyPassword: string;
  proxyBypassFilter: string;
  proxyBypassLocalAddresses: boolean;
  certificateValidation: 'enabled' | 'disabledForLocalAddresses' | 'disabled';
}

export const DIRECT_VALIDATED: OutgoingHttpSettings = {
  proxyEnabled: false,
  proxyType: 'http',
  proxyHostname: '',
  proxyPort: 8080,
  proxyUsername: '',
  proxyPassword: '',
  proxyBypassFilter: '',
  proxyBypassLocalAddresses: true,
  certificateValidation: 'enabled',
};

/** Equal keys mean equal behaviour: the dispatcher is rebuilt only when one of these fields changes. */
export function settingsKey(settings: OutgoingHttpSettings): string {
  return JSON.stringify([
    settings.proxyEnabled,
    settings.proxyType,
    settings.proxyHostname,
    settings.proxyPort,
    settings.proxyUsername,
    settings.proxyPassword,
    settings.proxyBypassFilter,
    settings.proxyBypassLocalAddresses,
    settings.certificateValidation,
  ]);
}
