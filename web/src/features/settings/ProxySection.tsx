import { Stack, Title } from '@mantine/core';
import { ConfigInput, type ConfigInputSpec, type EditableConfig } from './config-inputs';
import type { InventoryLookup } from './settings-inventory';

const PROXY_TYPES = [
  { value: 'http', label: 'HTTP(S)' },
  { value: 'socks4', label: 'Socks4' },
  { value: 'socks5', label: 'Socks5 (supports TOR)' },
];

const ALWAYS: ConfigInputSpec[] = [{ key: 'proxyEnabled', label: 'Use a proxy', kind: 'checkbox' }];
const WHEN_ENABLED: ConfigInputSpec[] = [
  { key: 'proxyType', label: 'Proxy type', kind: 'select', choices: PROXY_TYPES },
  { key: 'proxyHostname', label: 'Proxy hostname', kind: 'text' },
  { key: 'proxyPort', label: 'Proxy port', kind: 'number' },
  { key: 'proxyUsername', label: 'Proxy username', kind: 'text', description: 'Only when the proxy asks for one' },
  { key: 'proxyPassword', label: 'Proxy password', kind: 'password' },
  {
    key: 'proxyBypassFilter',
    label: 'Ignored addresses',
    kind: 'text',
    description: 'Comma separated; * as a wildcard for subdomains',
  },
  { key: 'proxyBypassLocalAddresses', label: 'Bypass the proxy for local addresses', kind: 'checkbox' },
];

/** Settings → General → Proxy: part of the host config form (config/host). */
export function ProxySection({ form, inventory }: { form: EditableConfig; inventory?: InventoryLookup }) {
  const inputs = form.draft.proxyEnabled === true ? [...ALWAYS, ...WHEN_ENABLED] : ALWAYS;
  return (
    <Stack gap="xs">
      <Title order={3}>Proxy</Title>
      {inputs.map((input) => (
        <ConfigInput key={input.key} form={form} input={input} inventory={inventory} />
      ))}
    </Stack>
  );
}
