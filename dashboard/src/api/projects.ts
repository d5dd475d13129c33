/**
 * Projects: one project with the caller's role (what every project page starts from), making a new
 * one (its creator owns it), and saving its settings (name and the widget's look).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Project, ProjectSettings } from '../types.ts';
import { api, projectPath } from './client.ts';
import { refreshSession } from './session.ts';

export const projectKey = (slug: string) => ['project', slug] as const;

/** GET /api/dashboard/projects/{slug}. */
export const useProjectQuery = (slug: string) =>
  useQuery({
    queryKey: projectKey(slug),
    queryFn: () => api<{ project: Project }>(projectPath(slug)),
    select: (data) => data.project,
  });

/** POST /api/dashboard/projects; the session's project list is asked for again. */
export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; slug: string }) =>
      api<{ project: Project }>('/api/dashboard/projects', { method: 'POST', body }),
    onSuccess: () => refreshSession(client),
  });
}

/** PATCH /api/dashboard/projects/{slug}: the saved project replaces the cached one (its name too). */
export function useSaveSettings(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectSettings) =>
      api<{ project: Project }>(projectPath(slug), { method: 'PATCH', body }),
    onSuccess: async (data) => {
      client.setQueryData(projectKey(slug), data);
      await refreshSession(client);
    },
  });
}
