/**
 * A project's members and pending invitations (docs/api.md#roles): everyone reads the
 * list; owners invite, change roles, remove and withdraw (the server keeps the last owner). Leaving a
 * project ends its pages for the one who left.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitation, Member, Role } from '../types.ts';
import { api, projectPath, segment } from './client.ts';
import { refreshSession } from './session.ts';

const membersKey = (slug: string) => ['members', slug] as const;

/** GET …/members: `invitations` is null for anyone but an owner. */
export const useMembers = (slug: string) =>
  useQuery({
    queryKey: membersKey(slug),
    queryFn: () =>
      api<{ members: Member[]; invitations: Invitation[] | null }>(projectPath(slug, '/members')),
  });

/** A change to the list, after which it is asked for again (`when`: on success, or whatever happened). */
function useMembersChange<V>(
  slug: string,
  call: (variables: V) => Promise<unknown>,
  when: 'success' | 'settled',
) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: membersKey(slug) });
  return useMutation({
    mutationFn: call,
    ...(when === 'success' ? { onSuccess: refresh } : { onSettled: refresh }),
  });
}

/** POST …/members: an emailed invitation, valid 7 days. */
export const useInvite = (slug: string) =>
  useMembersChange(
    slug,
    (body: { email: string; role: Role }) => api(projectPath(slug, '/members'), { method: 'POST', body }),
    'success',
  );

/** PATCH …/members/{userId}: a refusal (the last owner) leaves the list as the server has it. */
export const useChangeRole = (slug: string) =>
  useMembersChange(
    slug,
    (m: { userId: string; role: Role }) =>
      api(projectPath(slug, `/members/${segment(m.userId)}`), { method: 'PATCH', body: { role: m.role } }),
    'settled',
  );

/** DELETE …/invitations/{id}. */
export const useWithdrawInvitation = (slug: string) =>
  useMembersChange(
    slug,
    (id: string) => api(projectPath(slug, `/invitations/${segment(id)}`), { method: 'DELETE' }),
    'success',
  );

/**
 * DELETE …/members/{userId}. Someone removing themselves (`selfId`) has left: the page goes back to
 * their projects (a full load, as the project's pages no longer answer them).
 */
export function useRemoveMember(slug: string, selfId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api(projectPath(slug, `/members/${segment(userId)}`), { method: 'DELETE' }),
    onSuccess: async (_data, userId) => {
      if (userId === selfId) {
        await refreshSession(client);
        window.location.assign('/app/');
      } else await client.invalidateQueries({ queryKey: membersKey(slug) });
    },
  });
}
