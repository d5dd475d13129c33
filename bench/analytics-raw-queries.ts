/**
 * The bench's baseline for the Analytics page (bench/analytics-queries.ts): the page's own queries with
 * their view and click counts taken the way they were before the daily rollup (migration 0014), from
 * the raw events of the range through migration 0012's covering index on `analytics_events`.
 */
import type { EventCounts } from '../server/db/analytics-aggregates.ts';

export const RAW_EVENT_COUNTS: EventCounts = {
  perDay: (sql, projectId, { from, to }) => sql`
      select date_trunc('day', occurred_at at time zone 'utc')::date as day,
             count(*) filter (where type = 'view')::int as views,
             count(*) filter (where type = 'click')::int as clicks
      from analytics_events
      where project_id = ${projectId} and occurred_at >= ${from} and occurred_at < ${to}
      group by 1`,
  perEntry: (sql, projectId, { from, to }) => sql`
      select entry_id,
             count(*) filter (where type = 'view')::int as views,
             count(*) filter (where type = 'click')::int as clicks
      from analytics_events
      where project_id = ${projectId} and occurred_at >= ${from} and occurred_at < ${to} and entry_id is not null
      group by entry_id`,
};
