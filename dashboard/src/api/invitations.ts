/**
 * Invitations as their link's page reads and accepts them (`/app/invite?token=…`): what the link offers,
 * and accepting it, which starts a session (a new account chooses its password).
 */
import { useQuery } from '@tanstack/react-query';
import type { InvitationView, SessionView } from '../types.ts';
import { api, segment } from './client.ts';
import { useSessionMutation } from './session.ts';

/** GET /api/dashboard/invitations/{token} (asked only with a token). */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api<{ invitation: InvitationView }>(`/api/dashboard/invitations/${segment(token)}`),
    select: (data) => data.invitation,
    enabled: token !== '',
  });

/** POST /api/dashboard/invitations/accept: `password` only for someone without an account. */
export const useAcceptInvitation = () =>
  useSessionMutation((body: { token: string; password?: string }) =>
    api<SessionView>('/api/dashboard/invitations/accept', { method: 'POST', body }),
  );
