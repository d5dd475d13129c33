/**
 * Password reset: without a token, ask for the emailed link (the answer is the same for any address);
 * with the link's token, set a new password (every session of the account ends).
 */
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { api } from '../api.ts';
import { EmailField } from '../components/email-field.tsx';
import { ErrorAlert, Notice, usePageTitle } from '../components/status.tsx';
import { NewPasswordField } from '../components/new-password-field.tsx';

export function ResetPage() {
  usePageTitle('Reset your password');
  const token = new URLSearchParams(useSearch()).get('token');
  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <h1>Reset your password</h1>
      {token ? <ChooseNew token={token} /> : <RequestLink />}
      <p>
        <Link href="/sign-in">Back to sign in</Link>
      </p>
    </main>
  );
}

function RequestLink() {
  const [email, setEmail] = useState('');
  const request = useMutation({
    mutationFn: () => api('/api/dashboard/password-reset', { method: 'POST', body: { email } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate();
  };
  if (request.isSuccess) {
    return (
      <Notice>If an account uses {email}, a link to reset its password is on its way (valid 1 hour).</Notice>
    );
  }
  return (
    <form onSubmit={submit} className="card">
      <EmailField value={email} onChange={setEmail} />
      <ErrorAlert error={request.error} />
      <button type="submit" disabled={request.isPending}>
        Send reset link
      </button>
    </form>
  );
}

function ChooseNew({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const confirm = useMutation({
    mutationFn: () =>
      api('/api/dashboard/password-reset/confirm', { method: 'POST', body: { token, password } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate();
  };
  if (confirm.isSuccess) return <Notice>Your password is set. Sign in with it.</Notice>;
  return (
    <form onSubmit={submit} className="card">
      <NewPasswordField
        label="New password"
        hint="At least 12 characters."
        value={password}
        onChange={setPassword}
        error={confirm.error}
      />
      <ErrorAlert error={confirm.error} />
      <button type="submit" disabled={confirm.isPending}>
        Set password
      </button>
    </form>
  );
}
