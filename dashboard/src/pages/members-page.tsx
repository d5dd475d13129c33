/**
 * Members (CONTRACT.md "Dashboard", "Members and roles"): everyone sees who is in the project; owners
 * `Invite` by email with a role, change roles, remove members and withdraw invitations. The server
 * enforces every rule (the last owner stays); refusals are shown as they come.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../api.ts';
import { Field } from '../components/field.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, formatDate, Loading, Notice, usePageTitle } from '../components/status.tsx';
import { SESSION_KEY, useSession } from '../session.ts';
import type { Invitation, Member, Role } from '../types.ts';
import { TableScroll } from '../components/table-scroll.tsx';
import { Options, ActionsHeader } from '../components/options.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';

const ROLES: Record<Role, string> = {
  owner: 'Owner: everything, members and keys included',
  publisher: 'Publisher: publish, schedule, settings',
  contributor: 'Contributor: write drafts',
};

export function MembersPage() {
  usePageTitle('Members');
  const project = useProject();
  const session = useSession();
  const client = useQueryClient();
  const base = `/api/dashboard/projects/${encodeURIComponent(project.slug)}`;
  const queryKey = ['members', project.slug];
  const isOwner = project.role === 'owner';
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('contributor');
  const members = useQuery({
    queryKey,
    queryFn: () => api<{ members: Member[]; invitations: Invitation[] | null }>(`${base}/members`),
  });
  const refresh = () => client.invalidateQueries({ queryKey });
  const invite = useMutation({
    mutationFn: () => api(`${base}/members`, { method: 'POST', body: { email, role } }),
    onSuccess: async () => {
      setEmail('');
      await refresh();
    },
  });
  const change = useMutation({
    mutationFn: (m: { userId: string; role: Role }) =>
      api(`${base}/members/${encodeURIComponent(m.userId)}`, { method: 'PATCH', body: { role: m.role } }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (userId: string) =>
      api(`${base}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: async (_data, userId) => {
      if (userId === session.data?.user.id) {
        await client.invalidateQueries({ queryKey: SESSION_KEY });
        window.location.assign('/app/');
      } else await refresh();
    },
  });
  const withdraw = useMutation({
    mutationFn: (id: string) => api(`${base}/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  return (
    <>
      <h1>Members</h1>
      {isOwner && (
        <form onSubmit={submit} className="card">
          <h2>Invite someone</h2>
          <div className="row">
            <Field label="Email">
              <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field>
            <Field label="Role">
              <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
                <Options labels={ROLES} />
              </select>
            </Field>
          </div>
          <ErrorAlert error={invite.error} />
          {invite.isSuccess && <Notice>Invitation sent: the link is valid for 7 days.</Notice>}
          <button type="submit" disabled={invite.isPending}>
            Invite
          </button>
        </form>
      )}
      <section className="card" aria-labelledby="members-heading">
        <h2 id="members-heading">People</h2>
        <ErrorAlert error={members.error ?? change.error ?? remove.error} />
        {members.isPending ? (
          <Loading />
        ) : (
          <TableScroll label="Members">
            <table>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Joined</th>
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {members.data?.members.map((m) => {
                  const self = m.userId === session.data?.user.id;
                  return (
                    <tr key={m.userId}>
                      <td>{m.email}</td>
                      <td>
                        {isOwner ? (
                          <select
                            aria-label={`Role of ${m.email}`}
                            value={m.role}
                            disabled={change.isPending}
                            onChange={(e) =>
                              change.mutate({ userId: m.userId, role: e.target.value as Role })
                            }
                          >
                            {Object.keys(ROLES).map((r) => (
                              <option key={r} value={r}>
                                {r}
                              </option>
                            ))}
                          </select>
                        ) : (
                          m.role
                        )}
                      </td>
                      <td>{formatDate(m.joinedAt)}</td>
                      <td>
                        {(isOwner || self) && (
                          <ConfirmButton
                            label={self ? 'Leave this project' : `Remove ${m.email}`}
                            question={self ? 'Leave this project?' : `Remove ${m.email} from the project?`}
                            onConfirm={() => remove.mutate(m.userId)}
                          >
                            {self ? 'Leave' : 'Remove'}
                          </ConfirmButton>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
      {isOwner && members.data?.invitations && members.data.invitations.length > 0 && (
        <section className="card" aria-labelledby="invitations-heading">
          <h2 id="invitations-heading">Pending invitations</h2>
          <ul className="plain">
            {members.data.invitations.map((inv) => (
              <li key={inv.id}>
                {inv.email} as {inv.role}, until {formatDate(inv.expiresAt)}{' '}
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Withdraw the invitation of ${inv.email}`}
                  onClick={() => withdraw.mutate(inv.id)}
                >
                  Withdraw
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
