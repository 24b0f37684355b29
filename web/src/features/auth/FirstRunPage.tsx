import {
  Alert,
  Button,
  Center,
  Code,
  CopyButton,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ApiError, api, signIn } from '../../api/client';

/**
 * First run: no login exists yet. Creates the admin login the way Readarr's UI does (config/host with forms
 * authentication, username and password), then signs in with it.
 */
export function FirstRunPage({ apiKey }: { apiKey: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (password !== confirmation) return setError('The passwords do not match');
    setBusy(true);
    setError(undefined);
    try {
      const host = await api<Record<string, unknown>>('config/host');
      await api('config/host', {
        method: 'PUT',
        body: {
          ...host,
          authenticationMethod: 'forms',
          authenticationRequired: 'enabled',
          username,
          password,
          passwordConfirmation: confirmation,
        },
      });
      await signIn(username, password, true);
      window.location.reload();
    } catch (failure) {
      setError(failure instanceof ApiError || failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  return (
    <Center mih="100vh">
      <Paper withBorder p="xl" w={440} shadow="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Title order={3}>Welcome to Quire</Title>
            <Text size="sm">Create the administrator login. Every page will need it from now on.</Text>
            <TextInput
              label="Username"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              required
              autoFocus
            />
            <PasswordInput
              label="Password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
            />
            <PasswordInput
              label="Confirm password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.currentTarget.value)}
              required
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                API key (for Readarr clients and scripts)
              </Text>
              <Group gap="xs">
                <Code data-testid="api-key">{apiKey}</Code>
                <CopyButton value={apiKey}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="light" onClick={copy}>
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Button type="submit" loading={busy}>
              Create login
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
