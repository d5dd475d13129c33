/**
 * Subscribers (CONTRACT.md "Dashboard"): counts by state for every member; for publishers and owners
 * the list (search by address, status filter, keyset pages), the CSV export and removal (the address
 * gets no further email and may subscribe again).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { v1 } from '../api.ts';
import { Field } from '../components/field.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, formatDate, Loading, usePageTitle } from '../components/status.tsx';
import { useDebounced } from '../components/use-debounced.ts';
import type { Subscriber, SubscriberCounts } from '../types.ts';
import { TableScroll } from '../components/table-scroll.tsx';
import { Options, ActionsHeader } from '../components/options.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { LoadMore } from '../components/load-more.tsx';

const STATES = { pending: 'Pending', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' } as const;

export function SubscribersPage() {
  usePageTitle('Subscribers');
  const project = useProject();
  const client = useQueryClient();
  const canList = project.role !== 'contributor';
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const q = useDebounced(search.trim(), 250);
  const filters = () => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (status) params.set('status', status);
    return params;
  };
  const counts = useQuery({
    queryKey: ['subscribers', project.slug, 'counts'],
    queryFn: () => v1<{ counts: SubscriberCounts }>(project.slug, '/subscribers/counts'),
  });
  const list = useInfiniteQuery({
    queryKey: ['subscribers', project.slug, 'list', q, status],
    queryFn: ({ pageParam }) => {
      const params = filters();
      if (pageParam) params.set('cursor', pageParam);
      return v1<{ subscribers: Subscriber[]; nextCursor: string | null }>(
        project.slug,
        `/subscribers?${params}`,
      );
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: canList,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      v1(project.slug, `/subscribers/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['subscribers', project.slug] }),
  });
  const rows = list.data?.pages.flatMap((p) => p.subscribers) ?? [];
  return (
    <>
      <h1>Subscribers</h1>
      <section className="card" aria-labelledby="counts-heading">
        <h2 id="counts-heading">By state</h2>
        <ErrorAlert error={counts.error} />
        {counts.data && (
          <dl className="counts">
            {(['confirmed', 'pending', 'unsubscribed', 'total'] as const).map((k) => (
              <div key={k}>
                <dt>{k === 'total' ? 'Total' : STATES[k]}</dt>
                <dd>{counts.data.counts[k]}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      {!canList ? (
        <p>Publishers and owners see the addresses.</p>
      ) : (
        <section className="card" aria-labelledby="list-heading">
          <h2 id="list-heading">Addresses</h2>
          <div className="filters">
            <Field label="Search by address">
              <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            </Field>
            <Field label="Status">
              <select value={status} onChange={(e) => setStatus(e.target.value)}>
                <option value="">All states</option>
                <Options labels={STATES} />
              </select>
            </Field>
          </div>
          {/* A plain link: the browser writes the streamed file to disk as it arrives (the route takes
              the session cookie alone), where a fetch would hold all of it in the page. */}
          <a
            className="button secondary"
            href={`/api/dashboard/projects/${encodeURIComponent(project.slug)}/subscribers.csv?${filters()}`}
            download={`${project.slug}-subscribers.csv`}
          >
            Export CSV
          </a>
          <ErrorAlert error={list.error ?? remove.error} />
          {list.isPending ? (
            <Loading />
          ) : rows.length === 0 ? (
            <p className="empty">No subscribers here.</p>
          ) : (
            <TableScroll label="Subscribers">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Email</th>
                    <th scope="col">Status</th>
                    <th scope="col">Subscribed</th>
                    <ActionsHeader />
                  </tr>
                </thead>
                <tbody>
                  {rows.map((s) => (
                    <tr key={s.id}>
                      <td>{s.email}</td>
                      <td>{STATES[s.status]}</td>
                      <td>{formatDate(s.createdAt)}</td>
                      <td>
                        <ConfirmButton
                          label={`Remove ${s.email}`}
                          question={`Remove ${s.email}? No further email will reach it.`}
                          onConfirm={() => remove.mutate(s.id)}
                        >
                          Remove
                        </ConfirmButton>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          <LoadMore query={list} />
        </section>
      )}
    </>
  );
}
