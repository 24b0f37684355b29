import {
  Button,
  Checkbox,
  CopyButton,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Command, fetchInitialize, setConfig } from '../../api/client';
import { isFinished } from '../../api/live';
import { QueryState } from '../../components/States';
import { SaveBar, useConfigForm } from './config-form';
import { LOG_LEVEL_CHOICES } from './config-inputs';
import { OpdsSection } from './OpdsSection';
import { ProxySection } from './ProxySection';
import { SettingStatus, useSettingsInventory } from './settings-inventory';

/** GET/PUT config/host (src/platform/auth/host-config/host-config.resource.ts); secrets come back as `********`. */
interface HostConfig extends Record<string, unknown> {
  apiKey?: string;
}

const AUTH_METHODS = [
  { value: 'none', label: 'None' },
  { value: 'basic', label: 'Basic (browser pop-up)' },
  { value: 'forms', label: 'Forms (login page)' },
  { value: 'external', label: 'External (reverse proxy)' },
];
const AFTER_RESTART = 'Takes effect after a restart';
// Readarr stores an empty console level for "same as the log level"; a select option needs a non-empty value.
const SAME_AS_LOG_LEVEL = 'same';
const CONSOLE_LOG_LEVEL_CHOICES = [{ value: SAME_AS_LOG_LEVEL, label: 'Same as the log level' }, ...LOG_LEVEL_CHOICES];

const AUTH_REQUIRED = [
  { value: 'enabled', label: 'Enabled' },
  { value: 'disabledForLocalAddresses', label: 'Disabled for local addresses' },
];

/** Settings → General: host, security (authentication, API key), proxy, logging, backups. */
export default function GeneralPage() {
  const form = useConfigForm<HostConfig>('host');
  const inventory = useSettingsInventory('config/host');
  const { draft } = form;
  const client = useQueryClient();
  // A new key ends the old one once the command ran: the UI then takes the new one from /initialize.json (the
  // session cookie carries it meanwhile) and shows it, without a reload.
  const resetKey = useMutation({
    mutationFn: async () => {
      let command = await api<Command>('command', { method: 'POST', body: { name: 'ResetApiKey' } });
      for (let polls = 0; !isFinished(command) && polls < 50; polls++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        command = await api<Command>(`command/${command.id}`);
      }
      const config = await fetchInitialize();
      setConfig(config);
      client.setQueryData(['initialize'], config);
      await form.query.refetch();
    },
  });
  const backup = useMutation({ mutationFn: () => api('command', { method: 'POST', body: { name: 'Backup' } }) });
  const str = (key: string) => (typeof draft[key] === 'string' ? draft[key] : '');
  // Read at start-up: the hint says when a change applies, unless the environment pins the field (the note says so).
  const onRestart = (key: string, extra?: string) =>
    inventory(key)?.pinnedBy ? extra : extra ? `${extra}; ${AFTER_RESTART.toLowerCase()}` : AFTER_RESTART;
  const text = (key: string, label: string, description?: string) => (
    <SettingStatus field={inventory(key)}>
      <TextInput
        label={label}
        description={description}
        value={str(key)}
        onChange={(e) => form.set({ [key]: e.currentTarget.value })}
        error={form.errorOf(key)}
        maw={480}
      />
    </SettingStatus>
  );
  const number = (key: string, label: string, unit?: string, description?: string) => (
    <SettingStatus field={inventory(key)}>
      <NumberInput
        label={label}
        description={description}
        value={typeof draft[key] === 'number' ? draft[key] : ''}
        onChange={(value) => form.set({ [key]: value === '' ? undefined : Number(value) })}
        error={form.errorOf(key)}
        rightSection={
          unit ? (
            <Text size="xs" c="dimmed">
              {unit}
            </Text>
          ) : undefined
        }
        rightSectionWidth={unit ? 56 : undefined}
        w={240}
      />
    </SettingStatus>
  );
  const select = (key: string, label: string, data: { value: string; label: string }[], description?: string) => (
    <SettingStatus field={inventory(key)}>
      <Select
        label={label}
        description={description}
        data={data}
        value={str(key) || null}
        onChange={(value) => form.set({ [key]: value ?? undefined })}
        error={form.errorOf(key)}
        allowDeselect={false}
        w={320}
      />
    </SettingStatus>
  );
  return (
    <Stack>
      <Title order={2}>General</Title>
      <QueryState query={form.query}>
        {() => (
          <Stack gap="lg">
            <Stack gap="xs">
              <Title order={3}>Host</Title>
              {text('instanceName', 'Instance name')}
              {text('bindAddress', 'Bind address', onRestart('bindAddress', '* for all addresses'))}
              {number('port', 'Port', undefined, onRestart('port'))}
              {text('urlBase', 'URL base', onRestart('urlBase', 'For reverse proxy support, e.g. /quire'))}
              <SettingStatus field={inventory('enableSsl')}>
                <Checkbox
                  label="Enable SSL"
                  description={`Also serve HTTPS on the SSL port. ${AFTER_RESTART}`}
                  checked={draft.enableSsl === true}
                  onChange={(e) => form.set({ enableSsl: e.currentTarget.checked })}
                  error={form.errorOf('enableSsl')}
                />
              </SettingStatus>
              {draft.enableSsl === true && (
                <>
                  {number('sslPort', 'SSL port', undefined, onRestart('sslPort'))}
                  {text('sslCertPath', 'SSL certificate path', onRestart('sslCertPath', 'A .pfx (PKCS#12) file'))}
                  <SettingStatus field={inventory('sslCertPassword')}>
                    <PasswordInput
                      label="SSL certificate password"
                      description={AFTER_RESTART}
                      value={str('sslCertPassword')}
                      onChange={(e) => form.set({ sslCertPassword: e.currentTarget.value })}
                      error={form.errorOf('sslCertPassword')}
                      maw={480}
                    />
                  </SettingStatus>
                </>
              )}
              {text('applicationUrl', 'Application URL', 'The external URL, used in notifications')}
            </Stack>
            <Stack gap="xs">
              <Title order={3}>Security</Title>
              {select('authenticationMethod', 'Authentication', AUTH_METHODS)}
              {select('authenticationRequired', 'Authentication required', AUTH_REQUIRED)}
              {text('username', 'Username')}
              <PasswordInput
                label="Password"
                value={str('password')}
                onChange={(e) => form.set({ password: e.currentTarget.value })}
                error={form.errorOf('password')}
                maw={480}
              />
              <PasswordInput
                label="Confirm password"
                value={str('passwordConfirmation')}
                onChange={(e) => form.set({ passwordConfirmation: e.currentTarget.value })}
                error={form.errorOf('passwordConfirmation')}
                maw={480}
              />
              <Group align="flex-end" gap="xs">
                <TextInput label="API key" value={str('apiKey')} readOnly w={360} data-testid="settings-api-key" />
                <CopyButton value={str('apiKey')}>
                  {({ copied, copy }) => (
                    <Button variant="light" onClick={copy} aria-label="Copy API key">
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
                <Button color="red" variant="light" onClick={() => resetKey.mutate()} loading={resetKey.isPending}>
                  Reset API key
                </Button>
              </Group>
              {resetKey.isSuccess && (
                <Text size="sm" c="teal" data-testid="api-key-reset">
                  A new API key is in use: clients using the old one must be given this one.
                </Text>
              )}
              {resetKey.error && (
                <Text size="sm" c="red">
                  {resetKey.error.message}
                </Text>
              )}
            </Stack>
            <OpdsSection username={str('username')} />
            <ProxySection form={form} inventory={inventory} />
            <Stack gap="xs">
              <Title order={3}>Logging</Title>
              {select('logLevel', 'Log level', LOG_LEVEL_CHOICES, onRestart('logLevel'))}
              <SettingStatus field={inventory('consoleLogLevel')}>
                <Select
                  label="Console log level"
                  description={onRestart('consoleLogLevel')}
                  data={CONSOLE_LOG_LEVEL_CHOICES}
                  value={str('consoleLogLevel') || SAME_AS_LOG_LEVEL}
                  onChange={(value) =>
                    form.set({ consoleLogLevel: !value || value === SAME_AS_LOG_LEVEL ? '' : value })
                  }
                  error={form.errorOf('consoleLogLevel')}
                  allowDeselect={false}
                  w={320}
                />
              </SettingStatus>
            </Stack>
            <Stack gap="xs">
              <Title order={3}>Backups</Title>
              {text('backupFolder', 'Folder', 'Relative paths are under the data folder')}
              {number('backupInterval', 'Interval', 'days')}
              {number('backupRetention', 'Retention', 'days')}
              <Group>
                <Button variant="default" onClick={() => backup.mutate()} loading={backup.isPending}>
                  Back up now
                </Button>
                {backup.isSuccess && <Text size="sm">Backup started</Text>}
                {backup.error && (
                  <Text size="sm" c="red">
                    {backup.error.message}
                  </Text>
                )}
              </Group>
            </Stack>
            <SaveBar form={form} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
