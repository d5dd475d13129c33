-- Public engagement: subscribers (double opt-in), reactions, analytics events, and the instance secret
-- that signs unsubscribe links.

alter table projects
  add column reactions text[] not null default array['👍', '🎉', '❤️', '🚀', '👀'];

create table instance_secrets (
  name text primary key,
  secret bytea not null,
  created_at timestamptz not null default now()
);

create table subscribers (
  id text primary key,
  project_id text not null references projects (id) on delete cascade,
  email text not null,
  status text not null check (status in ('pending', 'confirmed', 'unsubscribed')),
  confirm_token_hash bytea unique,
  confirm_expires_at timestamptz,
  -- Consent record: the request that asked (time, address, user agent, page) and the confirmation.
  requested_at timestamptz not null,
  request_ip text,
  request_user_agent text,
  request_page text,
  confirmed_at timestamptz,
  confirm_ip text,
  confirm_user_agent text,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  unique (project_id, email)
);
create index subscribers_pending_expiry on subscribers (confirm_expires_at) where status = 'pending';
create index subscribers_project_status on subscribers (project_id, status, created_at desc, id desc);

create table reactions (
  entry_id text not null references entries (id) on delete cascade,
  emoji text not null,
  anonymous_id text not null,
  created_at timestamptz not null default now(),
  primary key (entry_id, emoji, anonymous_id)
);

create table analytics_events (
  id bigint generated always as identity primary key,
  project_id text not null references projects (id) on delete cascade,
  entry_id text,
  type text not null check (type in ('view', 'click')),
  anonymous_id text not null,
  url text,
  occurred_at timestamptz not null default now()
);
create index analytics_events_project_time on analytics_events (project_id, occurred_at);
