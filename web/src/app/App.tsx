import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api, fetchInitialize, setConfig } from '../api/client';
import { keys } from '../api/keys';
import { ErrorState } from '../components/States';
import { FirstRunPage } from '../features/auth/FirstRunPage';
import { SignInPage } from '../features/auth/SignInPage';
import { Shell } from './Shell';

/**
 * The gate: `/initialize.json` answers only a signed-in session, the key, or (before any login exists) a local
 * caller. 401 → sign in; no login configured yet → create it; otherwise the app.
 */
export function App() {
  const init = useQuery({
    queryKey: ['initialize'],
    queryFn: async () => {
      const config = await fetchInitialize();
      setConfig(config);
      return config;
    },
    retry: false,
    staleTime: Infinity,
  });
  // Asked beside the page's own queries (not before them): whether a login exists yet.
  const host = useQuery({
    queryKey: keys.hostConfig,
    queryFn: () => api<{ authenticationMethod?: string }>('config/host'),
    enabled: init.isSuccess,
    staleTime: Infinity,
  });
  if (init.isPending)
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  if (init.error instanceof ApiError && init.error.status === 401) return <SignInPage message={init.error.message} />;
  if (init.error) return <ErrorState error={init.error} onRetry={() => void init.refetch()} />;
  const method = host.data?.authenticationMethod;
  if (host.isSuccess && (!method || method === 'none')) return <FirstRunPage apiKey={init.data.apiKey} />;
  document.title = init.data.instanceName;
  return <Shell config={init.data} />;
}
