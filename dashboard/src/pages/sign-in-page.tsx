/** Sign in (CONTRACT.md "Dashboard": `Email`, `Password`, button `Sign in`). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api } from '../api.ts';
import { Field } from '../components/field.tsx';
import { EmailField } from '../components/email-field.tsx';
import { ErrorAlert, usePageTitle } from '../components/status.tsx';
import { adoptSession } from '../session.ts';
import type { SessionView } from '../types.ts';

export function SignInPage() {
  usePageTitle('Sign in');
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () =>
      api<SessionView>('/api/dashboard/sign-in', { method: 'POST', body: { email, password } }),
    onSuccess: (session) => {
      adoptSession(client, session);
      navigate('/');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
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
