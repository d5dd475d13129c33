/**
 * The project's drafting profile (docs/api.md#import-history-and-the-drafting-profile), on /api/v1 with the
 * session: what its imported history and published drafts taught its drafts, in words and figures
 * (every member reads it), and the reset back to the built-in defaults (publishers; entries stay).
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DraftingProfileResponse } from '../types.ts';
import { v1 } from './client.ts';

const profileKey = (slug: string) => ['drafting-profile', slug] as const;

/** The profile learned something new (an import): ask for it again. */
export const refreshDraftingProfile = (client: QueryClient, slug: string) =>
  client.invalidateQueries({ queryKey: profileKey(slug) });

/** GET /api/v1/drafting/profile. */
export const useDraftingProfile = (slug: string) =>
  useQuery({
    queryKey: profileKey(slug),
    queryFn: () => v1<DraftingProfileResponse>(slug, '/drafting/profile'),
    select: (data) => data.profile,
  });

/** DELETE /api/v1/drafting/profile. */
export function useResetDraftingProfile(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => v1(slug, '/drafting/profile', { method: 'DELETE' }),
    onSuccess: () => refreshDraftingProfile(client, slug),
  });
}
