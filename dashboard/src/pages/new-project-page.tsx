/** Create a project (its creator owns it, on the free plan). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { api, ApiError } from '../api.ts';
import { ErrorAlert, usePageTitle } from '../components/status.tsx';
import { SESSION_KEY } from '../session.ts';
import type { Project } from '../types.ts';
import { ProjectFields, useProjectFields } from './project-fields.tsx';

const LABELS = { '/name': 'Project name', '/slug': 'Project slug' };

export function NewProjectPage() {
  usePageTitle('New project');
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const fields = useProjectFields();
  const create = useMutation({
    mutationFn: () =>
      api<{ project: Project }>('/api/dashboard/projects', { method: 'POST', body: fields.value }),
    onSuccess: async ({ project }) => {
      await client.invalidateQueries({ queryKey: SESSION_KEY });
      navigate(`/p/${project.slug}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
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
