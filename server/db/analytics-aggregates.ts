/**
 * SQL for the dashboard's Analytics page (docs/api.md#subscribers-and-analytics-key-authenticated): per UTC day and per entry over a
 * range of whole UTC days, computed by PostgreSQL (every day of the range from `generate_series`, so a
 * day without events is a zero, not a gap). Views and clicks read `analytics_daily`, the per-day rollup
 * the database keeps from every insert into `analytics_events` (migration 0014): one range of its key
 * (project, day, entry), so 90 days cost the same at 10 million events as at 10. Reactions count those
 * present now, by the UTC day they were made (`reactions_entry_time`, migration 0012).
 */
import type { PendingQuery, Row } from 'postgres';
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

/** `[from, to)`: `from` the first day's start, `to` the day after the last (UTC midnights). */
export type DayRange = { from: Date; to: Date };

/** `YYYY-MM-DD` of a UTC midnight. */
const day = (d: Date) => d.toISOString().slice(0, 10);

export type DailyRow = { date: string; views: number; clicks: number; reactions: number };

/**
 * Where the page's view and click counts come from: a subquery per day (`day date, views int, clicks
 * int`) and one per entry (`entry_id text, views int, clicks int`) over the days of a range.
 */
export type EventCounts = {
  perDay: (sql: Db, projectId: string, range: DayRange) => PendingQuery<Row[]>;
  perEntry: (sql: Db, projectId: string, range: DayRange) => PendingQuery<Row[]>;
};

/** The last day of `range`, as `YYYY-MM-DD`. */
const lastDayOf = (range: DayRange) => day(new Date(range.to.getTime() - 86_400_000));

/** From `analytics_daily` (migration 0014), through its key. */
export const ROLLUP_COUNTS: EventCounts = {
  perDay: (sql, projectId, range) => sql`
    select day, sum(views)::int as views, sum(clicks)::int as clicks
    from analytics_daily
    where project_id = ${projectId} and day >= ${day(range.from)}::date and day <= ${lastDayOf(range)}::date
    group by 1`,
  perEntry: (sql, projectId, range) => sql`
    select entry_id, sum(views)::int as views, sum(clicks)::int as clicks
    from analytics_daily
    where project_id = ${projectId} and day >= ${day(range.from)}::date and day <= ${lastDayOf(range)}::date
      and entry_id is not null
    group by entry_id`,
};

/** Views, clicks and reactions of each day of `range`. `counts`: the bench's baseline swaps it. */
export async function dailyActivity(
  sql: Db,
  projectId: string,
  range: DayRange,
  counts: EventCounts = ROLLUP_COUNTS,
): Promise<DailyRow[]> {
  return sql<DailyRow[]>`
    with days as (
      select d::date as day
      from generate_series(${day(range.from)}::date, ${lastDayOf(range)}::date, interval '1 day') d
    ), events as (${counts.perDay(sql, projectId, range)}), reacted as (
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

export type EntryActivityRow = {
  entryId: string;
  title: string;
  views: number;
  clicks: number;
  reactions: Record<string, number>;
};

/** Per entry of the project with events or reactions in `range`: the most viewed `limit`. */
export async function entryActivity(
  sql: Db,
  projectId: string,
  range: DayRange,
  limit: number,
  counts: EventCounts = ROLLUP_COUNTS,
): Promise<EntryActivityRow[]> {
  return sql<EntryActivityRow[]>`
    with events as (${counts.perEntry(sql, projectId, range)}), reacted as (
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

export type SubscriberDayRow = { date: string; confirmed: number; joined: number; left: number };

/**
 * Each day of `range`: addresses confirmed at its end, confirmations and unsubscriptions during it.
 * From the subscribers' current rows: an address confirmed again after unsubscribing counts from its
 * latest confirmation, and a removed one is gone from the history.
 */
export async function subscriberGrowth(
  sql: Db,
  projectId: string,
  range: DayRange,
): Promise<SubscriberDayRow[]> {
  return sql<SubscriberDayRow[]>`
    with days as (
      select d::date as day
      from generate_series(${day(range.from)}::date, ${lastDayOf(range)}::date, interval '1 day') d
    ), before as (
      select count(*)::int as n from subscribers
      where project_id = ${projectId} and confirmed_at < ${range.from}
        and (unsubscribed_at is null or unsubscribed_at < confirmed_at or unsubscribed_at >= ${range.from})
    ), joined as (
      select date_trunc('day', confirmed_at at time zone 'utc')::date as day, count(*)::int as n
      from subscribers
      where project_id = ${projectId} and confirmed_at >= ${range.from} and confirmed_at < ${range.to}
      group by 1
    ), departed as (
      select date_trunc('day', unsubscribed_at at time zone 'utc')::date as day, count(*)::int as n
      from subscribers
      where project_id = ${projectId} and unsubscribed_at >= confirmed_at
        and unsubscribed_at >= ${range.from} and unsubscribed_at < ${range.to}
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as date,
           ((select n from before) + sum(coalesce(joined.n, 0) - coalesce(departed.n, 0)) over (order by days.day))::int
             as confirmed,
           coalesce(joined.n, 0) as joined, coalesce(departed.n, 0) as left
    from days left join joined using (day) left join departed using (day)
    order by days.day`;
}
