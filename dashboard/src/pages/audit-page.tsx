/** The audit log (owners; docs/api.md#audit-log): who (a person or a key) changed what, and when. */
import { useAuditLog } from '../api/audit.ts';
import { ListCard } from '../components/list-card.tsx';
import { LoadMore } from '../components/load-more.tsx';
import { useProject } from '../components/project-scope.tsx';
import { formatDate, usePageTitle } from '../components/status.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import type { AuditEvent } from '../types.ts';

const describe = (details: Record<string, unknown>) =>
  Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');

function AuditTable({ events }: { events: readonly AuditEvent[] }) {
  return (
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
  );
}

export function AuditPage() {
  usePageTitle('Audit log');
  const project = useProject();
  const isOwner = project.role === 'owner';
  const log = useAuditLog(project.slug, isOwner);
  if (!isOwner) {
    return (
      <>
        <h1>Audit log</h1>
        <p>Only the project&apos;s owners see its audit log.</p>
      </>
    );
  }
  return (
    <>
      <h1>Audit log</h1>
      <p className="hint">Every change made in the dashboard or through the API, kept for a year.</p>
      <ListCard
        className=""
        query={log}
        items={log.data?.pages.flatMap((p) => p.events) ?? []}
        empty="Nothing recorded yet."
        footer={<LoadMore query={log} />}
      >
        {(events) => <AuditTable events={events} />}
      </ListCard>
    </>
  );
}
