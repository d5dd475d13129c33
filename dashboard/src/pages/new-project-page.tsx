/** Create a project (its creator owns it, on the free plan). */
import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../api/client.ts';
import { useCreateProject } from '../api/projects.ts';
import { ErrorAlert, usePageTitle } from '../components/status.tsx';
import { ProjectFields, useProjectFields } from './project-fields.tsx';

const LABELS = { '/name': 'Project name', '/slug': 'Project slug' };

export function NewProjectPage() {
  usePageTitle('New project');
  const [, navigate] = useLocation();
  const fields = useProjectFields();
  const create = useCreateProject();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(fields.value, { onSuccess: ({ project }) => navigate(`/p/${project.slug}`) });
  };
  return (
    <main id="main" className="narrow" tabIndex={-1}>
      <h1>New project</h1>
      <form onSubmit={submit} className="card">
        <ProjectFields
          fields={fields}
          errorOf={(p) => (create.error instanceof ApiError ? create.error.fieldError(p, LABELS) : undefined)}
        />
        <ErrorAlert error={create.error} labels={LABELS} />
        <button type="submit" disabled={create.isPending}>
          Create project
        </button>
      </form>
    </main>
  );
}
