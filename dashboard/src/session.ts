/**
 * The signed-in session, as TanStack Query keeps it: `null` when signed out (401), else the user, the
 * CSRF token and their projects. Every answer that starts a session (setup, sign-in, invitation) is
 * put in the cache with `adoptSession`, so pages see it at once.
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api, ApiError, setCsrfToken } from './api.ts';
import type { SessionView } from './types.ts';

export const SESSION_KEY = ['session'] as const;

async function fetchSession(): Promise<SessionView | null> {
  try {
    const session = await api<SessionView>('/api/dashboard/session');
    setCsrfToken(session.csrfToken);
    return session;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw err;
  }
}

export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000 });
}

export function adoptSession(client: QueryClient, session: SessionView | null): void {
  setCsrfToken(session?.csrfToken ?? null);
  client.setQueryData(SESSION_KEY, session);
}
