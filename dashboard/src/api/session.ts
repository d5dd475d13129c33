/**
 * The signed-in session, as TanStack Query keeps it: `null` when signed out (401), else the user, the
 * CSRF token and their projects. Every answer that starts a session (setup, sign-in, invitation) is
 * put in the cache with `adoptSession`, so pages see it at once; signing out empties the cache.
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionView } from '../types.ts';
import { api, ApiError, segment, setCsrfToken } from './client.ts';

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

/** GET /api/dashboard/session: the session, or null when signed out. */
export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000 });
}

export function adoptSession(client: QueryClient, session: SessionView | null): void {
  setCsrfToken(session?.csrfToken ?? null);
  client.setQueryData(SESSION_KEY, session);
}

/** The session's projects changed (one made, joined or left): ask for the session again. */
export const refreshSession = (client: QueryClient) => client.invalidateQueries({ queryKey: SESSION_KEY });

/** A mutation whose answer is a new session, adopted at once. */
export function useSessionMutation<V>(call: (variables: V) => Promise<SessionView>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (session) => adoptSession(client, session) });
}

/** POST /api/dashboard/sign-in. */
export const useSignIn = () =>
  useSessionMutation((body: { email: string; password: string }) =>
    api<SessionView>('/api/dashboard/sign-in', { method: 'POST', body }),
  );

/**
 * POST /api/dashboard/sign-out: signed out whatever the answer, with nothing of the session cached;
 * then `onSignedOut` (before the signed-in pages notice, so it decides where the user goes).
 */
export function useSignOut(onSignedOut: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/dashboard/sign-out', { method: 'POST' }),
    onSettled: () => {
      adoptSession(client, null);
      client.clear();
      onSignedOut();
    },
  });
}

/** GET /api/dashboard/setup/{token}: whether the setup link is usable (asked only with a token). */
export const useSetupLink = (token: string) =>
  useQuery({
    queryKey: ['setup', token],
    queryFn: () => api<{ valid: true }>(`/api/dashboard/setup/${segment(token)}`),
    enabled: token !== '',
  });

export type SetupBody = {
  token: string;
  email: string;
  password: string;
  project: { name: string; slug: string };
};

/** POST /api/dashboard/setup: the first account, its owner, and the first project. */
export const useSetup = () =>
  useSessionMutation((body: SetupBody) => api<SessionView>('/api/dashboard/setup', { method: 'POST', body }));
