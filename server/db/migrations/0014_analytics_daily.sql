-- Daily rollups behind the dashboard's Analytics page (issue 21). Counting a project's raw events per day
-- over 90 days read every event of the range (an index-only scan of about 2.5 million index entries at
-- 10 million events a year: seconds). One row per project, UTC day and entry instead: 90 days of a
-- project with 200 entries is at most 18,090 rows, whatever the traffic.

create table analytics_daily (
  project_id text not null references projects (id) on delete cascade,
  day date not null,
  -- null: events about no entry (the widget opened); counted in the day's totals only.
  entry_id text,
  views bigint not null default 0,
  clicks bigint not null default 0,
  constraint analytics_daily_key unique nulls not distinct (project_id, day, entry_id)
);

-- Kept by the database, not by each writer: every insert into analytics_events, whatever path it took
-- (the public endpoint, an import, a bench's bulk load), adds its counts in the same statement, so the
-- rollup can never drift from the events. Rows are upserted in key order so two concurrent batches take
-- their row locks in the same order (no deadlock).
create function analytics_daily_add() returns trigger language plpgsql as $$
begin
  insert into analytics_daily as d (project_id, day, entry_id, views, clicks)
  select project_id, (occurred_at at time zone 'utc')::date, entry_id,
         count(*) filter (where type = 'view'), count(*) filter (where type = 'click')
  from inserted
  group by 1, 2, 3
  order by 1, 2, 3
  on conflict on constraint analytics_daily_key do update
    set views = d.views + excluded.views, clicks = d.clicks + excluded.clicks;
  return null;
end $$;

create trigger analytics_daily_add after insert on analytics_events
  referencing new table as inserted
  for each statement execute function analytics_daily_add();

insert into analytics_daily (project_id, day, entry_id, views, clicks)
select project_id, (occurred_at at time zone 'utc')::date, entry_id,
       count(*) filter (where type = 'view'), count(*) filter (where type = 'click')
from analytics_events
group by 1, 2, 3;
