/** The account: who is signed in, and a password change (which ends every other session). */
import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { useChangePassword } from '../api/passwords.ts';
import { useSession } from '../api/session.ts';
import { Field } from '../components/field.tsx';
import { NewPasswordField } from '../components/new-password-field.tsx';
import { ErrorAlert, Notice, usePageTitle } from '../components/status.tsx';

const LABELS = { '/current': 'Current password', '/password': 'New password' };

export function AccountPage() {
  usePageTitle('Account');
  const session = useSession();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const change = useChangePassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { current, password },
      {
        onSuccess: () => {
          setCurrent('');
          setPassword('');
        },
      },
    );
  };
  const fieldError = (p: string) =>
    change.error instanceof ApiError ? change.error.fieldError(p, LABELS) : undefined;
  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <h1>Account</h1>
      <p>Signed in as {session.data?.user.email}.</p>
      <form onSubmit={submit} className="card">
        <h2>Change password</h2>
        <Field label="Current password" error={fieldError('/current')}>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </Field>
        <NewPasswordField
          label="New password"
          hint="At least 12 characters. Your other sessions end."
          value={password}
          onChange={setPassword}
          error={change.error}
        />
        <ErrorAlert error={change.error} labels={LABELS} />
        {change.isSuccess && <Notice>Password changed. Your other sessions have ended.</Notice>}
        <button type="submit" disabled={change.isPending}>
          Change password
        </button>
      </form>
    </main>
  );
}
