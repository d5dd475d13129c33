/** The audit log (owners; CONTRACT.md "Dashboard"): who (a person or a key) changed what, and when. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, formatDate, Loading, usePageTitle } from '../components/status.tsx';
import type { AuditEvent } from '../types.ts';
import { TableScroll } from '../components/table-scroll.tsx';
import { LoadMore } from '../components/load-more.tsx';

const describe = (details: Record<string, unknown>) =>
  Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');

export function AuditPage() {
  usePageTitle('Audit log');
  const project = useProject();
  const log = useInfiniteQuery({
    queryKey: ['audit', project.slug],
    queryFn: ({ pageParam }) =>
      api<{ events: AuditEvent[]; nextCursor: string | null }>(
        `/api/dashboard/projects/${encodeURIComponent(project.slug)}/audit${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: project.role === 'owner',
  });
  if (project.role !== 'owner') {
    return (
      <>
        <h1>Audit log</h1>
        <p>Only the project&apos;s owners see its audit log.</p>
      </>
    );
  }
  const events = log.data?.pages.flatMap((p) => p.events) ?? [];
  return (
    <>
      <h1>Audit log</h1>
      <p className="hint">Every change made in the dashboard or through the API, kept for a year.</p>
      <ErrorAlert error={log.error} />
      {log.isPending ? (
        <Loading />
      ) : events.length === 0 ? (
        <p className="empty">Nothing recorded yet.</p>
      ) : (
        <TableScroll label="Audit log" className="card">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id}>
                  <td>{formatDate(e.createdAt)}</td>
                  <td>
                    {e.actor.type === 'key' ? 'API key ' : ''}
                    {e.actor.label}
                  </td>
                  <td className="mono nowrap">{e.action}</td>
                  <td>{describe(e.details) || (e.target.id ? `${e.target.type} ${e.target.id}` : '–')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <LoadMore query={log} />
    </>
  );
}
