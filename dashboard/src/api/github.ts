/**
 * GitHub (docs/api.md#github-page; publishers and owners): the repositories where the Shiplog App is
 * installed, each with its link (this project, another one, none) and last webhook deliveries, and
 * linking or unlinking one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GithubRepository } from '../types.ts';
import { api, projectPath, segment } from './client.ts';

const githubKey = (slug: string) => ['github', slug] as const;

/** GET …/github; asked only when `enabled`. */
export const useGithubRepositories = (slug: string, enabled: boolean) =>
  useQuery({
    queryKey: githubKey(slug),
    queryFn: () => api<{ repositories: GithubRepository[] }>(projectPath(slug, '/github')),
    enabled,
  });

/** POST …/github/links, or DELETE …/github/links/{owner}/{name}; the list is asked for again either way. */
export function useLinkRepository(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ repository, link }: { repository: string; link: boolean }) =>
      link
        ? api(projectPath(slug, '/github/links'), { method: 'POST', body: { repository } })
        : api(projectPath(slug, `/github/links/${repository.split('/').map(segment).join('/')}`), {
            method: 'DELETE',
          }),
    onSettled: () => client.invalidateQueries({ queryKey: githubKey(slug) }),
  });
}
