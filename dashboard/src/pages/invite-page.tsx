/**
 * Accepting an invitation (`/app/invite?token=…`, emailed, valid 7 days): someone new chooses a password
 * and is signed in; someone with an account accepts while signed in as it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { api } from '../api.ts';
import { ErrorAlert, Loading, usePageTitle } from '../components/status.tsx';
import { adoptSession, useSession } from '../session.ts';
import type { Role, SessionView } from '../types.ts';
import { NewPasswordField } from '../components/new-password-field.tsx';

type InvitationView = {
  project: { name: string; slug: string };
  email: string;
  role: Role;
  expiresAt: string;
  accountExists: boolean;
};

export function InvitePage() {
  usePageTitle('Invitation');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const client = useQueryClient();
  const session = useSession();
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () =>
      api<{ invitation: InvitationView }>(`/api/dashboard/invitations/${encodeURIComponent(token)}`),
    select: (data) => data.invitation,
    enabled: token !== '',
  });
  const accept = useMutation({
    mutationFn: () =>
      api<SessionView>('/api/dashboard/invitations/accept', {
        method: 'POST',
        body: invitation.data?.accountExists ? { token } : { token, password },
      }),
    onSuccess: (view) => {
      adoptSession(client, view);
      navigate(`/p/${invitation.data!.project.slug}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate();
  };
  if (token && (invitation.isPending || session.isPending)) return <Loading />;
  const view = invitation.data;
  const signedInAs = session.data?.user.email;
  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <h1>Join a project</h1>
      {!view ? (
        <ErrorAlert
          error={invitation.error ?? new Error('This page needs the link from your invitation email.')}
        />
      ) : (
        <form onSubmit={submit} className="card">
          <p>
            You are invited to <strong>{view.project.name}</strong> as a <strong>{view.role}</strong>, as{' '}
            <strong>{view.email}</strong>.
          </p>
          {view.accountExists && signedInAs !== view.email ? (
            <p>
              You have an account: <Link href="/sign-in">sign in as {view.email}</Link>, then open the link
              again.
            </p>
          ) : (
            <>
              {!view.accountExists && (
                <NewPasswordField
                  label="Password"
                  hint="Choose a password for your new account: at least 12 characters."
                  value={password}
                  onChange={setPassword}
                  error={accept.error}
                />
              )}
              <ErrorAlert error={accept.error} />
              <button type="submit" disabled={accept.isPending}>
                Accept invitation
              </button>
            </>
          )}
        </form>
      )}
    </main>
  );
}
