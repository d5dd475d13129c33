/** SQL for analytics events: one multi-row insert per request, and the day-by-day report. */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export type AnalyticsEvent = {
  projectId: string;
  entryId: string | null;
  type: 'view' | 'click';
  anonymousId: string;
  url: string | null;
};

export async function insertEvents(sql: Db, events: readonly AnalyticsEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = events.map((e) => ({
    project_id: e.projectId,
    entry_id: e.entryId,
    type: e.type,
    anonymous_id: e.anonymousId,
    url: e.url,
  }));
  await sql`insert into analytics_events ${sql(rows, 'project_id', 'entry_id', 'type', 'anonymous_id', 'url')}`;
  return rows.length;
}

export type Counts = { views: number; clicks: number; uniqueVisitors: number };

const COUNTS = (sql: Db) => sql`
  count(*) filter (where type = 'view')::int as views,
  count(*) filter (where type = 'click')::int as clicks,
  count(distinct anonymous_id)::int as unique_visitors`;

/** Views, clicks and unique visitors in [from, to) in total, per UTC day and per entry. */
export async function analyticsReport(sql: Db, projectId: string, from: Date, to: Date) {
  const where = sql`project_id = ${projectId} and occurred_at >= ${from} and occurred_at < ${to}`;
  const [totals] = await sql<Counts[]>`select ${COUNTS(sql)} from analytics_events where ${where}`;
  const days = await sql<(Counts & { date: string })[]>`
    select to_char(date_trunc('day', occurred_at at time zone 'utc'), 'YYYY-MM-DD') as date, ${COUNTS(sql)}
    from analytics_events where ${where}
    group by 1 order by 1`;
  const entries = await sql<(Counts & { entryId: string; title: string | null })[]>`
    select a.entry_id, max(e.title) as title, ${COUNTS(sql)}
    from analytics_events a left join entries e on e.id = a.entry_id
    where a.project_id = ${projectId} and a.occurred_at >= ${from} and a.occurred_at < ${to} and a.entry_id is not null
    group by a.entry_id order by views desc, a.entry_id`;
  return { totals: totals!, days, entries };
}
