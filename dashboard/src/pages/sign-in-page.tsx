/** Sign in (docs/api.md#accounts-and-sessions: `Email`, `Password`, button `Sign in`). */
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useSignIn } from '../api/session.ts';
import { EmailField } from '../components/email-field.tsx';
import { Field } from '../components/field.tsx';
import { ErrorAlert, usePageTitle } from '../components/status.tsx';

export function SignInPage() {
  usePageTitle('Sign in');
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email, password }, { onSuccess: () => navigate('/') });
  };
  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <h1>Sign in to Shiplog</h1>
      <form onSubmit={submit} className="card">
        <EmailField value={email} onChange={setEmail} />
        <Field label="Password">
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <ErrorAlert error={signIn.error} />
        <button type="submit" disabled={signIn.isPending}>
          Sign in
        </button>
      </form>
      <p>
        <Link href="/reset">Forgot your password?</Link>
      </p>
    </main>
  );
}
