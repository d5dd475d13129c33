/** A project's API keys (owners; docs/api.md#dashboard-api): the list, a new key (its secret answered once), revoking. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '../types.ts';
import { api, projectPath, segment } from './client.ts';

const keysKey = (slug: string) => ['keys', slug] as const;

/** GET /api/dashboard/projects/{slug}/keys; asked only when `enabled` (the caller owns the project). */
export const useKeys = (slug: string, enabled: boolean) =>
  useQuery({
    queryKey: keysKey(slug),
    queryFn: () => api<{ keys: ApiKey[]; apiAvailable: boolean }>(projectPath(slug, '/keys')),
    enabled,
  });

/** POST …/keys: `apiKey` is the key itself, shown this once. */
export function useCreateKey(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string }) =>
      api<{ apiKey: string; key: ApiKey }>(projectPath(slug, '/keys'), { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey(slug) }),
  });
}

/** DELETE …/keys/{id}: anything using the key stops working at once. */
export function useRevokeKey(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: ApiKey) => api(projectPath(slug, `/keys/${segment(key.id)}`), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey(slug) }),
  });
}
