-- Identified readers (docs/readers.md#what-an-identified-reader-gets): each project's reader secret, and what a
-- reader has seen, kept by the `sub` of their token so that it follows them from one device to another.

-- The secret the host app signs readers' tokens with (HS256). Kept as it was issued, not hashed: verifying
-- an HMAC needs the key itself. A rotation moves the current secret to `previous_secret`, which still
-- verifies until `previous_retires_at` (24 hours later), so pages already signed keep working.
create table reader_secrets (
  project_id text primary key references projects (id) on delete cascade,
  secret text not null check (secret ~ '^rsk_[0-9A-Za-z]{40}$'),
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  previous_secret text check (previous_secret ~ '^rsk_[0-9A-Za-z]{40}$'),
  previous_retires_at timestamptz,
  check ((previous_secret is null) = (previous_retires_at is null))
);

-- A reader's place in a project's changelog: the newest publication time they have seen (the unread
-- badge counts entries after it), only ever moved forward, so two devices agree.
create table reader_states (
  project_id text not null references projects (id) on delete cascade,
  sub text not null check (char_length(sub) between 1 and 255),
  last_seen_at timestamptz,
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (project_id, sub)
);

-- The announcements a reader has dismissed: each opens once per reader, whichever device they use.
-- Deleting the entry forgets it.
create table reader_seen_announcements (
  project_id text not null,
  sub text not null,
  entry_id text not null references entries (id) on delete cascade,
  seen_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (project_id, sub, entry_id),
  foreign key (project_id, sub) references reader_states (project_id, sub) on delete cascade
);
