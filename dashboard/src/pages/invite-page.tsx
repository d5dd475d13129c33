/**
 * Accepting an invitation (`/app/invite?token=…`, emailed, valid 7 days): someone new chooses a password
 * and is signed in; someone with an account accepts while signed in as it.
 */
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useAcceptInvitation, useInvitation } from '../api/invitations.ts';
import { useSession } from '../api/session.ts';
import { NewPasswordField } from '../components/new-password-field.tsx';
import { ErrorAlert, Loading, usePageTitle } from '../components/status.tsx';

export function InvitePage() {
  usePageTitle('Invitation');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const session = useSession();
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate(invitation.data?.accountExists ? { token } : { token, password }, {
      onSuccess: () => navigate(`/p/${invitation.data!.project.slug}`),
    });
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
