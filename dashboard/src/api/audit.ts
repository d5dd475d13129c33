/** The audit log (owners): who (a person or a key) changed what and when, newest first, in keyset pages. */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEvent } from '../types.ts';
import { api, projectPath, segment } from './client.ts';

/** GET …/audit; asked only when `enabled`. */
export const useAuditLog = (slug: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: ['audit', slug],
    queryFn: ({ pageParam }) =>
      api<{ events: AuditEvent[]; nextCursor: string | null }>(
        projectPath(slug, `/audit${pageParam ? `?cursor=${segment(pageParam)}` : ''}`),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
