-- Service core: projects, API keys, entries, idempotency keys.
-- Timestamps are truncated to milliseconds: the API shows milliseconds and keyset cursors compare them.

create table projects (
  id text primary key,
  name text not null check (char_length(name) between 1 and 100),
  slug text not null unique check (slug ~ '^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$'),
  plan text not null default 'free' check (plan in ('free', 'pro', 'business')),
  accent text not null default '#2563eb' check (accent ~ '^#[0-9a-fA-F]{6}$'),
  position text not null default 'bottom-right'
    check (position in ('bottom-right', 'bottom-left', 'top-right', 'top-left')),
  theme text not null default 'auto' check (theme in ('light', 'dark', 'auto')),
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);

create table api_keys (
  id text primary key,
  project_id text not null references projects (id) on delete cascade,
  hash bytea not null unique,
  last4 text not null,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_project on api_keys (project_id);

create table entries (
  id text primary key,
  project_id text not null references projects (id) on delete cascade,
  title text not null,
  slug text not null,
  body text not null,
  html text not null,
  category text not null check (category in ('feature', 'improvement', 'fix', 'announcement')),
  version text check (char_length(version) <= 40),
  visibility text not null check (visibility in ('external', 'internal')),
  status text not null check (status in ('draft', 'published')),
  source text not null default 'api' check (source in ('api', 'generate')),
  published_at timestamptz,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  sort_at timestamptz generated always as (coalesce(published_at, created_at)) stored,
  unique (project_id, slug),
  check ((status = 'published') = (published_at is not null))
);
-- Keyset pagination of the list: newest first by coalesce(publishedAt, createdAt), then id.
create index entries_project_sort on entries (project_id, sort_at desc, id desc);
-- The widget and feeds: external published entries, newest first.
create index entries_public on entries (project_id, published_at desc, id desc)
  where status = 'published' and visibility = 'external';

create table idempotency_keys (
  project_id text not null references projects (id) on delete cascade,
  key text not null,
  fingerprint text not null,
  state text not null check (state in ('in_flight', 'done')),
  response_status int,
  response_headers jsonb,
  response_body text,
  created_at timestamptz not null default now(),
  locked_at timestamptz not null default now(),
  primary key (project_id, key)
);
create index idempotency_keys_created on idempotency_keys (created_at);
