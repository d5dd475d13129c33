-- Channels (docs/api.md#channels-key-authenticated): Slack, Discord and signed webhooks that a publish is
-- delivered to, and the log of each delivery.

create table channels (
  id text primary key,
  project_id text not null references projects (id) on delete cascade,
  type text not null check (type in ('slack', 'discord', 'webhook')),
  name text not null,
  url text not null,
  visibility text not null check (visibility in ('external', 'all')),
  -- The Standard Webhooks signing secret (`whsec_…`) of a webhook channel; shown once, at creation.
  secret text,
  disabled_at timestamptz,
  disabled_reason text,
  created_at timestamptz not null default date_trunc('milliseconds', now())
);
create index channels_project on channels (project_id, created_at);

create table channel_deliveries (
  id text primary key,
  channel_id text not null references channels (id) on delete cascade,
  entry_id text not null,
  status text not null check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  last_status integer,
  last_error text,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);
create index channel_deliveries_channel on channel_deliveries (channel_id, created_at desc);
