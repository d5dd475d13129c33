/**
 * Subscribers (docs/api.md#subscribers-and-analytics-key-authenticated): counts by state for every member; for publishers and owners
 * the list (search by address, status filter, keyset pages), the CSV export and removal (the address
 * gets no further email and may subscribe again).
 */
import { useState } from 'react';
import {
  type SubscriberFilters,
  subscribersCsvPath,
  useRemoveSubscriber,
  useSubscriberCounts,
  useSubscribers,
} from '../api/subscribers.ts';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { Field } from '../components/field.tsx';
import { ListCard } from '../components/list-card.tsx';
import { LoadMore } from '../components/load-more.tsx';
import { ActionsHeader, Options } from '../components/options.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, formatDate, usePageTitle } from '../components/status.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { useDebounced } from '../components/use-debounced.ts';
import type { Subscriber } from '../types.ts';

const STATES = { pending: 'Pending', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' } as const;

function Counts({ slug }: { slug: string }) {
  const counts = useSubscriberCounts(slug);
  return (
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
  );
}

function SubscribersTable({
  rows,
  onRemove,
}: {
  rows: readonly Subscriber[];
  onRemove: (id: string) => void;
}) {
  return (
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
                  onConfirm={() => onRemove(s.id)}
                >
                  Remove
                </ConfirmButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

type FiltersProps = {
  slug: string;
  /** What is asked for (the search as debounced), for the export. */
  filters: SubscriberFilters;
  search: string;
  setSearch: (value: string) => void;
  setStatus: (value: string) => void;
};

function Filters({ slug, filters, search, setSearch, setStatus }: FiltersProps) {
  return (
    <>
      <div className="filters">
        <Field label="Search by address">
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
        <Field label="Status">
          <select value={filters.status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">All states</option>
            <Options labels={STATES} />
          </select>
        </Field>
      </div>
      {/* A plain link: the browser writes the streamed file to disk as it arrives (the route takes
          the session cookie alone), where a fetch would hold all of it in the page. */}
      <a
        className="button secondary"
        href={subscribersCsvPath(slug, filters)}
        download={`${slug}-subscribers.csv`}
      >
        Export CSV
      </a>
    </>
  );
}

function Addresses({ slug }: { slug: string }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const filters = { q: useDebounced(search.trim(), 250), status };
  const list = useSubscribers(slug, filters);
  const remove = useRemoveSubscriber(slug);
  return (
    <ListCard
      heading="Addresses"
      controls={<Filters {...{ slug, filters, search, setSearch, setStatus }} />}
      query={list}
      items={list.data?.pages.flatMap((p) => p.subscribers) ?? []}
      actionError={remove.error}
      empty="No subscribers here."
      footer={<LoadMore query={list} />}
    >
      {(rows) => <SubscribersTable rows={rows} onRemove={(id) => remove.mutate(id)} />}
    </ListCard>
  );
}

export function SubscribersPage() {
  usePageTitle('Subscribers');
  const project = useProject();
  return (
    <>
      <h1>Subscribers</h1>
      <Counts slug={project.slug} />
      {project.role === 'contributor' ? (
        <p>Publishers and owners see the addresses.</p>
      ) : (
        <Addresses slug={project.slug} />
      )}
    </>
  );
}
