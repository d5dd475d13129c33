/** The segments seen so far in a project, for the entry editor's picker. */
import { useQuery } from '@tanstack/react-query';
import { api, projectPath } from './client.ts';

export const segmentsKey = (slug: string) => ['segments', slug] as const;

/** GET /api/dashboard/projects/{slug}/segments: distinct names of the project's entries, alphabetical. */
export const useSegments = (slug: string) =>
  useQuery({
    queryKey: segmentsKey(slug),
    queryFn: () => api<{ segments: string[] }>(projectPath(slug, '/segments')),
    select: (data) => data.segments,
  });
