import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/** Runs a sign-in style action: busy while it runs, its failure as the message to show; reloads on success. */
export function useAuthAction(action: () => Promise<void>) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      window.location.reload(); // the app starts again from /initialize.json, now signed in
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}

/** The centred card of the sign-in and first-run pages: a title, the fields, the error and one submit button. */
export function AuthForm(props: {
  title: string;
  width: number;
  submitLabel: string;
  busy: boolean;
  error?: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Center mih="100vh">
      <Paper withBorder p="xl" w={props.width} shadow="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
        >
          <Stack>
            <Title order={3}>{props.title}</Title>
            {props.children}
            {props.error && (
              <Alert color="red" role="alert">
                {props.error}
              </Alert>
            )}
            <Button type="submit" loading={props.busy}>
              {props.submitLabel}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

export function CredentialFields(props: {
  username: string;
  password: string;
  onUsername: (value: string) => void;
  onPassword: (value: string) => void;
  passwordDescription?: string;
}) {
  return (
    <>
      <TextInput
        label="Username"
        value={props.username}
        onChange={(e) => props.onUsername(e.currentTarget.value)}
        required
        autoFocus
      />
      <PasswordInput
        label="Password"
        value={props.password}
        onChange={(e) => props.onPassword(e.currentTarget.value)}
        description={props.passwordDescription}
        required
      />
    </>
  );
}
