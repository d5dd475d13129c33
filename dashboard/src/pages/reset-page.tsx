/**
 * Password reset: without a token, ask for the emailed link (the answer is the same for any address);
 * with the link's token, set a new password (every session of the account ends).
 */
import { type FormEvent, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useConfirmPasswordReset, useRequestPasswordReset } from '../api/passwords.ts';
import { EmailField } from '../components/email-field.tsx';
import { NewPasswordField } from '../components/new-password-field.tsx';
import { ErrorAlert, Notice, usePageTitle } from '../components/status.tsx';

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
  const request = useRequestPasswordReset();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ email });
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
  const confirm = useConfirmPasswordReset();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate({ token, password });
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
