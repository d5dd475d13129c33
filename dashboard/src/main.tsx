/** The dashboard's entry point: TanStack Query, the router under /app, the pages. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { ApiError } from './api/client.ts';
import { App } from './app.tsx';
import { APP_BASE } from './app-base.ts';
import { useGuardedLocation } from './navigation-guard.ts';

const client = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (401, 403, 404) will not change by asking again; a network failure may.
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <Router base={APP_BASE} hook={useGuardedLocation}>
        <App />
      </Router>
    </QueryClientProvider>
  </StrictMode>,
);
