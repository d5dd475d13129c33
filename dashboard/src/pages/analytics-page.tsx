/**
 * Analytics (docs/api.md#subscribers-and-analytics-key-authenticated): views, clicks and reactions per UTC day over 7, 30 or 90 days,
 * confirmed subscribers over time, and per entry (views, clicks, click-through, reactions by emoji).
 * Charts by uPlot, each with its table; loaded on demand, so the first page's bundle stays small.
 */
import { useMemo, useState } from 'react';
import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  useDailyActivity,
  useEntryActivity,
  useSubscriberGrowth,
} from '../api/analytics.ts';
import { Field } from '../components/field.tsx';
import { ListCard } from '../components/list-card.tsx';
import { useProject } from '../components/project-scope.tsx';
import { ErrorAlert, Loading, usePageTitle } from '../components/status.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { type Series, TimeChart } from '../components/time-chart.tsx';
import type { EntryActivityRow } from '../types.ts';

/** The numeric columns of a row type. */
type NumberKey<R> = { [K in keyof R]: R[K] extends number ? K : never }[keyof R];

/** A chart of `rows` (one per day): their dates, and one series per column. */
function perDay<R extends { date: string }>(
  rows: readonly R[],
  columns: { label: string; key: NumberKey<R>; color: string }[],
): { dates: string[]; series: Series[] } {
  return {
    dates: rows.map((r) => r.date),
    series: columns.map(({ label, key, color }) => ({
      label,
      values: rows.map((r) => r[key] as number),
      color,
    })),
  };
}

function PerEntryTable({ rows }: { rows: readonly EntryActivityRow[] }) {
  return (
    <TableScroll label="Activity per entry">
      <table>
        <thead>
          <tr>
            <th scope="col">Entry</th>
            <th scope="col">Views</th>
            <th scope="col">Clicks</th>
            <th scope="col">Click-through</th>
            <th scope="col">Reactions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.entryId}>
              <th scope="row">{e.title}</th>
              <td>{e.views}</td>
              <td>{e.clicks}</td>
              <td>{e.clickThrough === null ? '–' : `${(e.clickThrough * 100).toFixed(1)} %`}</td>
              <td>
                {Object.entries(e.reactions)
                  .map(([emoji, n]) => `${emoji} ${n}`)
                  .join('  ') || '–'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The two charts' series, from the daily figures and the subscribers' growth. */
function useCharts(slug: string, days: AnalyticsPeriod) {
  const daily = useDailyActivity(slug, days);
  const growth = useSubscriberGrowth(slug, days);
  const activity = useMemo(
    () =>
      perDay(daily.data?.daily ?? [], [
        { label: 'Views', key: 'views', color: '#2563eb' },
        { label: 'Clicks', key: 'clicks', color: '#d97706' },
        { label: 'Reactions', key: 'reactions', color: '#059669' },
      ]),
    [daily.data],
  );
  const subscribers = useMemo(
    () =>
      perDay(growth.data?.subscribers ?? [], [
        { label: 'Confirmed', key: 'confirmed', color: '#7c3aed' },
        { label: 'Joined', key: 'joined', color: '#059669' },
        { label: 'Left', key: 'left', color: '#dc2626' },
      ]),
    [growth.data],
  );
  return { daily, growth, activity, subscribers };
}

export default function AnalyticsPage() {
  usePageTitle('Analytics');
  const project = useProject();
  const [days, setDays] = useState<AnalyticsPeriod>('30');
  const { daily, growth, activity, subscribers } = useCharts(project.slug, days);
  const entries = useEntryActivity(project.slug, days);
  return (
    <>
      <div className="page-head">
        <h1>Analytics</h1>
        <Field label="Period">
          <select value={days} onChange={(e) => setDays(e.target.value as AnalyticsPeriod)}>
            {ANALYTICS_PERIODS.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ErrorAlert error={daily.error ?? growth.error} />
      {daily.isPending ? (
        <Loading />
      ) : (
        <TimeChart
          title="Views, clicks and reactions per day"
          dates={activity.dates}
          series={activity.series}
        />
      )}
      {growth.isPending ? (
        <Loading />
      ) : (
        <TimeChart title="Subscribers" dates={subscribers.dates} series={subscribers.series} />
      )}
      <ListCard
        heading="Per entry"
        query={entries}
        items={entries.data?.entries ?? []}
        empty="No views, clicks or reactions in this period."
      >
        {(rows) => <PerEntryTable rows={rows} />}
      </ListCard>
    </>
  );
}
