/**
 * Who may read the project's changelog (docs/readers.md#what-an-identified-reader-gets), /api/v1 calls on the
 * session: its access (`public` or `identified`; owners change it) and its reader secret (owners create
 * or rotate it; the answer is the only time the secret is shown).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Access, ReaderSecret, ReaderSettings } from '../types.ts';
import { v1 } from './client.ts';

const readerSettingsKey = (slug: string) => ['reader-settings', slug] as const;

/** GET /api/v1/project: access, and when the reader secret was made (or null). */
export const useReaderSettings = (slug: string) =>
  useQuery({
    queryKey: readerSettingsKey(slug),
    queryFn: () => v1<{ project: ReaderSettings }>(slug, '/project'),
    select: (data) => data.project,
  });

/** PATCH /api/v1/project `{access}`; the answer replaces the cached settings. */
export function useChangeAccess(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (access: Access) =>
      v1<{ project: ReaderSettings }>(slug, '/project', { method: 'PATCH', body: { access } }),
    onSuccess: (data) => client.setQueryData(readerSettingsKey(slug), data),
  });
}

/** POST /api/v1/project/reader-secret: a new secret (the previous one verifies 24 more hours). */
export function useCreateReaderSecret(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => v1<ReaderSecret>(slug, '/project/reader-secret', { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: readerSettingsKey(slug) }),
  });
}

/** PATCH /api/v1/project `{defaultLocale, locales}` (docs/languages.md); the answer replaces the cached settings. */
export function useSaveLanguages(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { defaultLocale: string; locales: string[] }) =>
      v1<{ project: ReaderSettings }>(slug, '/project', { method: 'PATCH', body }),
    onSuccess: (data) => client.setQueryData(readerSettingsKey(slug), data),
  });
}
