/**
 * First run (CONTRACT.md "Dashboard"): the setup link `/app/setup?token=…` creates the first account,
 * its owner, and the first project, then opens it. The server answers this page only for a usable link.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { api, ApiError } from '../api.ts';
import { EmailField } from '../components/email-field.tsx';
import { ErrorAlert, Loading, usePageTitle } from '../components/status.tsx';
import { adoptSession } from '../session.ts';
import type { SessionView } from '../types.ts';
import { ProjectFields, useProjectFields } from './project-fields.tsx';
import { NewPasswordField } from '../components/new-password-field.tsx';

export function SetupPage() {
  usePageTitle('Set up Shiplog');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const project = useProjectFields();
  const link = useQuery({
    queryKey: ['setup', token],
    queryFn: () => api<{ valid: true }>(`/api/dashboard/setup/${encodeURIComponent(token)}`),
    enabled: token !== '',
  });
  const setup = useMutation({
    mutationFn: () =>
      api<SessionView>('/api/dashboard/setup', {
        method: 'POST',
        body: { token, email, password, project: project.value },
      }),
    onSuccess: (session) => {
      adoptSession(client, session);
      navigate(`/p/${project.value.slug}/entries/new`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setup.mutate();
  };
  const fieldError = (pointer: string) =>
    setup.error instanceof ApiError ? setup.error.fieldError(pointer) : undefined;
  if (token && link.isPending) return <Loading />;
  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <h1>Set up Shiplog</h1>
      {!token || link.error ? (
        <ErrorAlert
          error={link.error ?? new Error('This page needs the setup link printed by `shiplog serve`.')}
        />
      ) : (
        <form onSubmit={submit} className="card">
          <p>Create the owner account and the first project.</p>
          <EmailField value={email} onChange={setEmail} error={fieldError('/email')} />
          <NewPasswordField
            label="Password"
            hint="At least 12 characters."
            value={password}
            onChange={setPassword}
            error={setup.error}
          />
          <ProjectFields fields={project} errorOf={(p) => fieldError(`/project${p}`)} />
          <ErrorAlert error={setup.error} />
          <button type="submit" disabled={setup.isPending}>
            Create account and project
          </button>
        </form>
      )}
    </main>
  );
}
