-- The dashboard's audience and insight pages (docs/api.md#audit-log): the audit log, test deliveries and
-- retry times in the channel delivery log, and the indexes behind the analytics page's aggregates.

-- Every change made through the dashboard or the API, written in the transaction of the change itself.
-- Who is kept as it was then (`actor_label`: the email, or the key's name and last 4 characters), so a
-- removed member or a revoked key still reads right. Rows older than a year are purged (jobs/job-registry.ts).
create table audit_log (
  id text primary key,
  project_id text not null references projects (id) on delete cascade,
  actor_type text not null check (actor_type in ('user', 'key')),
  actor_id text not null,
  actor_label text not null,
  -- `entry.published`, `channel.created`, … (services/audit/record-audit.ts names them).
  action text not null check (action ~ '^[a-z_]+\.[a-z_]+$'),
  target_type text not null,
  target_id text,
  details jsonb not null default '{}',
  created_at timestamptz not null default date_trunc('milliseconds', now())
);
create index audit_log_project on audit_log (project_id, created_at desc, id desc);
create index audit_log_created on audit_log (created_at);

-- A `ping` (the dashboard's "Send test") goes through the same delivery path as a published entry, with no
-- entry. `next_attempt_at` is when a pending delivery's next attempt is due (null when none is planned).
alter table channel_deliveries
  alter column entry_id drop not null,
  add column event_type text not null default 'entry.published'
    check (event_type in ('entry.published', 'ping')),
  add column next_attempt_at timestamptz,
  add constraint channel_deliveries_event_entry check ((event_type = 'ping') = (entry_id is null));

-- The analytics page counts a project's events per UTC day and per entry over 7 to 90 days: one range
-- scan of this index answers both without reading the table (an index-only scan).
drop index analytics_events_project_time;
create index analytics_events_project_time on analytics_events (project_id, occurred_at)
  include (type, entry_id, anonymous_id);

-- Reactions per day of a project's entries (joined through entries.project_id).
create index reactions_entry_time on reactions (entry_id, created_at) include (emoji);

-- The GitHub page shows each repository's last webhook deliveries: which repository a delivery was about,
-- and how its job ended (`received` while queued; `ignored` for an event the App does not handle).
alter table github_deliveries
  add column repository text check (repository = lower(repository)),
  add column status text not null default 'received'
    check (status in ('received', 'ignored', 'processed', 'failed')),
  add column error text,
  add column finished_at timestamptz;
create index github_deliveries_repository on github_deliveries (repository, received_at desc)
  where repository is not null;
