/**
 * A project's subscribers (docs/api.md#subscribers-and-analytics-key-authenticated), on /api/v1 with the session: counts
 * by state (every member), the list by address and state in keyset pages and removal (publishers), and
 * the CSV export's address (a plain link: the browser streams the file to disk).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subscriber, SubscriberCounts } from '../types.ts';
import { projectPath, segment, v1 } from './client.ts';

export type SubscriberFilters = { q: string; status: string };

const subscribersKey = (slug: string) => ['subscribers', slug] as const;

const filterParams = ({ q, status }: SubscriberFilters) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  return params;
};

/** GET /api/v1/subscribers/counts. */
export const useSubscriberCounts = (slug: string) =>
  useQuery({
    queryKey: [...subscribersKey(slug), 'counts'],
    queryFn: () => v1<{ counts: SubscriberCounts }>(slug, '/subscribers/counts'),
  });

/** GET /api/v1/subscribers, newest first (publishers and owners). */
export const useSubscribers = (slug: string, filters: SubscriberFilters) =>
  useInfiniteQuery({
    queryKey: [...subscribersKey(slug), 'list', filters.q, filters.status],
    queryFn: ({ pageParam }) => {
      const params = filterParams(filters);
      if (pageParam) params.set('cursor', pageParam);
      return v1<{ subscribers: Subscriber[]; nextCursor: string | null }>(slug, `/subscribers?${params}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** DELETE /api/v1/subscribers/{id}: no further email reaches the address; counts and list refresh. */
export function useRemoveSubscriber(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => v1(slug, `/subscribers/${segment(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: subscribersKey(slug) }),
  });
}

/** The CSV export of the addresses `filters` selects (the session cookie alone authorizes it). */
export const subscribersCsvPath = (slug: string, filters: SubscriberFilters) =>
  projectPath(slug, `/subscribers.csv?${filterParams(filters)}`);
