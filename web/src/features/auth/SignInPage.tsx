import { Alert, Checkbox } from '@mantine/core';
import { useState } from 'react';
import { signIn } from '../../api/client';
import { AuthForm, CredentialFields, useAuthAction } from './AuthForm';

/** Forms sign-in: POST /login (JSON answer + session cookie), then the app starts again from /initialize.json. */
export function SignInPage({ message }: { message?: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const { error, busy, run } = useAuthAction(() => signIn(username, password, rememberMe));
  return (
    <AuthForm
      title="Sign in to Quire"
      width={360}
      submitLabel="Sign in"
      busy={busy}
      error={error}
      onSubmit={() => void run()}
    >
      {message && message !== 'Sign in required' && <Alert color="yellow">{message}</Alert>}
      <CredentialFields username={username} password={password} onUsername={setUsername} onPassword={setPassword} />
      <Checkbox label="Remember me" checked={rememberMe} onChange={(e) => setRememberMe(e.currentTarget.checked)} />
    </AuthForm>
  );
}
