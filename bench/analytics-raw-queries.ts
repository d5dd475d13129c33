/**
 * The Analytics page's two event queries as they were before the daily rollup (migration 0014), kept
 * only as the bench's baseline (bench/analytics-queries.ts): views and clicks counted from the raw
 * events of the range, through migration 0012's covering index on `analytics_events`.
 */
import type { DailyRow, DayRange, EntryActivityRow } from '../server/db/analytics-aggregates.ts';
import type { Sql, TransactionSql } from '../server/db/connect.ts';

type Db = Sql | TransactionSql;

/** `YYYY-MM-DD` of a UTC midnight. */
const day = (d: Date) => d.toISOString().slice(0, 10);

/** Views, clicks and reactions of each day of `range`. */
export async function rawDailyActivity(sql: Db, projectId: string, range: DayRange): Promise<DailyRow[]> {
  const lastDay = day(new Date(range.to.getTime() - 86_400_000));
  return sql<DailyRow[]>`
    with days as (
      select d::date as day from generate_series(${day(range.from)}::date, ${lastDay}::date, interval '1 day') d
    ), events as (
      select date_trunc('day', occurred_at at time zone 'utc')::date as day,
             count(*) filter (where type = 'view')::int as views,
             count(*) filter (where type = 'click')::int as clicks
      from analytics_events
      where project_id = ${projectId} and occurred_at >= ${range.from} and occurred_at < ${range.to}
      group by 1
    ), reacted as (
      select date_trunc('day', r.created_at at time zone 'utc')::date as day, count(*)::int as reactions
      from reactions r join entries e on e.id = r.entry_id
      where e.project_id = ${projectId} and r.created_at >= ${range.from} and r.created_at < ${range.to}
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(events.views, 0) as views,
           coalesce(events.clicks, 0) as clicks, coalesce(reacted.reactions, 0) as reactions
    from days left join events using (day) left join reacted using (day)
    order by days.day`;
}

/** Per entry of the project with events or reactions in `range`: the most viewed `limit`. */
export async function rawEntryActivity(
  sql: Db,
  projectId: string,
  range: DayRange,
  limit: number,
): Promise<EntryActivityRow[]> {
  return sql<EntryActivityRow[]>`
    with events as (
      select entry_id,
             count(*) filter (where type = 'view')::int as views,
             count(*) filter (where type = 'click')::int as clicks
      from analytics_events
      where project_id = ${projectId} and occurred_at >= ${range.from} and occurred_at < ${range.to}
        and entry_id is not null
      group by entry_id
    ), reacted as (
      select r.entry_id, jsonb_object_agg(r.emoji, r.n) as reactions
      from (
        select r.entry_id, r.emoji, count(*)::int as n
        from reactions r join entries e on e.id = r.entry_id
        where e.project_id = ${projectId} and r.created_at >= ${range.from} and r.created_at < ${range.to}
        group by r.entry_id, r.emoji
      ) r
      group by r.entry_id
    )
    select e.id as entry_id, e.title, coalesce(events.views, 0) as views, coalesce(events.clicks, 0) as clicks,
           coalesce(reacted.reactions, '{}'::jsonb) as reactions
    from entries e
      left join events on events.entry_id = e.id
      left join reacted on reacted.entry_id = e.id
    where e.project_id = ${projectId} and (events.entry_id is not null or reacted.entry_id is not null)
    order by views desc, clicks desc, e.id
    limit ${limit}`;
}
