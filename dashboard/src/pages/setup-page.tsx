/**
 * First run (docs/api.md#first-run): the setup link `/app/setup?token=…` creates the first account,
 * its owner, and the first project, then opens it. The server answers this page only for a usable link.
 */
import { type FormEvent, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../api/client.ts';
import { useSetup, useSetupLink } from '../api/session.ts';
import { EmailField } from '../components/email-field.tsx';
import { NewPasswordField } from '../components/new-password-field.tsx';
import { ErrorAlert, Loading, usePageTitle } from '../components/status.tsx';
import { ProjectFields, useProjectFields } from './project-fields.tsx';

export function SetupPage() {
  usePageTitle('Set up Shiplog');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const project = useProjectFields();
  const link = useSetupLink(token);
  const setup = useSetup();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { token, email, password, project: project.value };
    setup.mutate(body, { onSuccess: () => navigate(`/p/${body.project.slug}/entries/new`) });
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
