import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { urlBase } from './api/client';
import { queryClient } from './api/query-client';
import { App } from './app/App';
import { cssVariablesResolver, theme } from './app/theme';

// A data router, so that forms with unsaved changes can block navigation (useBlocker); the app's own <Routes> stay.
const router = createBrowserRouter([{ path: '*', element: <App /> }], { basename: urlBase() || '/' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
