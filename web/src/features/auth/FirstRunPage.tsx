import { Button, Code, CopyButton, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { api, signIn } from '../../api/client';
import { AuthForm, CredentialFields, useAuthAction } from './AuthForm';

/**
 * The shortest password the first-run form takes. Readarr itself only refuses an empty one (and so does the API, for
 * its clients); a new login guarding a whole library is asked for a few more characters.
 */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * First run: no login exists yet. Creates the admin login the way Readarr's UI does (config/host with forms
 * authentication, username and password), then signs in with it.
 */
export function FirstRunPage({ apiKey }: { apiKey: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { error, setError, busy, run } = useAuthAction(async () => {
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
  });
  const submit = () => {
    if (password.length < MIN_PASSWORD_LENGTH)
      setError(`The password is too short: use at least ${MIN_PASSWORD_LENGTH} characters.`);
    else if (password !== confirmation) setError('The passwords do not match');
    else void run();
  };
  return (
    <AuthForm
      title="Welcome to Quire"
      width={440}
      submitLabel="Create login"
      busy={busy}
      error={error}
      onSubmit={submit}
    >
      <Text size="sm">Create the administrator login. Every page will need it from now on.</Text>
      <CredentialFields
        username={username}
        password={password}
        onUsername={setUsername}
        onPassword={setPassword}
        passwordDescription={`At least ${MIN_PASSWORD_LENGTH} characters`}
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
    </AuthForm>
  );
}
