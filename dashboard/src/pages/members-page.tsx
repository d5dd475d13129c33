/**
 * Members (docs/api.md#roles): everyone sees who is in the project; owners
 * `Invite` by email with a role, change roles, remove members and withdraw invitations. The server
 * enforces every rule (the last owner stays); refusals are shown as they come.
 */
import { type FormEvent, useState } from 'react';
import {
  useChangeRole,
  useInvite,
  useMembers,
  useRemoveMember,
  useWithdrawInvitation,
} from '../api/members.ts';
import { useSession } from '../api/session.ts';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { Field } from '../components/field.tsx';
import { ListCard } from '../components/list-card.tsx';
import { ActionsHeader, Options } from '../components/options.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, formatDate, Notice, usePageTitle } from '../components/status.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import type { Invitation, Member, Role } from '../types.ts';

const ROLES: Record<Role, string> = {
  owner: 'Owner: everything, members and keys included',
  publisher: 'Publisher: publish, schedule, settings',
  contributor: 'Contributor: write drafts',
};

function InviteForm({ slug }: { slug: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('contributor');
  const invite = useInvite(slug);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email, role }, { onSuccess: () => setEmail('') });
  };
  return (
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
  );
}

type RowProps = {
  member: Member;
  self: boolean;
  isOwner: boolean;
  change: ReturnType<typeof useChangeRole>;
  remove: ReturnType<typeof useRemoveMember>;
};

function MemberRow({ member: m, self, isOwner, change, remove }: RowProps) {
  return (
    <tr>
      <td>{m.email}</td>
      <td>
        {isOwner ? (
          <select
            aria-label={`Role of ${m.email}`}
            value={m.role}
            disabled={change.isPending}
            onChange={(e) => change.mutate({ userId: m.userId, role: e.target.value as Role })}
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
}

function Invitations({ slug, invitations }: { slug: string; invitations: readonly Invitation[] }) {
  const withdraw = useWithdrawInvitation(slug);
  return (
    <section className="card" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Pending invitations</h2>
      <ul className="plain">
        {invitations.map((inv) => (
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
  );
}

export function MembersPage() {
  usePageTitle('Members');
  const project = useProject();
  const selfId = useSession().data?.user.id;
  const isOwner = project.role === 'owner';
  const members = useMembers(project.slug);
  const change = useChangeRole(project.slug);
  const remove = useRemoveMember(project.slug, selfId);
  const invitations = members.data?.invitations ?? [];
  return (
    <>
      <h1>Members</h1>
      {isOwner && <InviteForm slug={project.slug} />}
      <ListCard
        heading="People"
        query={members}
        items={members.data?.members ?? []}
        actionError={change.error ?? remove.error}
        empty="No members."
      >
        {(list) => (
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
                {list.map((m) => (
                  <MemberRow
                    key={m.userId}
                    {...{ member: m, self: m.userId === selfId, isOwner, change, remove }}
                  />
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </ListCard>
      {isOwner && invitations.length > 0 && <Invitations slug={project.slug} invitations={invitations} />}
    </>
  );
}
