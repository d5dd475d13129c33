-- The dashboard's accounts (docs/api.md#first-run): people, their server-side sessions, their role in
-- each project, invitations, the one-time links (first-run setup, password reset) and uploaded images.
-- Every token is stored only as its SHA-256 hash: the plaintext exists in the link sent, nowhere else.

create table users (
  id text primary key,
  -- Stored lower-cased (addresses are compared case-insensitively), so a plain unique index suffices.
  email text not null unique check (email = lower(email) and char_length(email) between 3 and 254),
  -- An argon2id PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$hash).
  password_hash text not null,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  password_changed_at timestamptz not null default date_trunc('milliseconds', now())
);

-- A session lives while used: it ends 30 days after `last_seen_at` (moved at most once an hour).
create table sessions (
  token_hash bytea primary key,
  user_id text not null references users (id) on delete cascade,
  -- The synchronizer token a state-changing request must echo in X-CSRF-Token (not a credential alone).
  csrf_token text not null,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  last_seen_at timestamptz not null default date_trunc('milliseconds', now())
);
create index sessions_user on sessions (user_id);

create table memberships (
  project_id text not null references projects (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  role text not null check (role in ('owner', 'publisher', 'contributor')),
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (project_id, user_id)
);
create index memberships_user on memberships (user_id);

-- The token is made when the email is sent (by its job), so a retried send replaces it.
create table invitations (
  id text primary key,
  project_id text not null references projects (id) on delete cascade,
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  role text not null check (role in ('owner', 'publisher', 'contributor')),
  invited_by text references users (id) on delete set null,
  token_hash bytea unique,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  expires_at timestamptz not null,
  accepted_at timestamptz
);
create index invitations_project on invitations (project_id);

-- Single-use links: `setup` creates the first account (no user yet), `password-reset` one user's password.
create table account_tokens (
  token_hash bytea primary key,
  purpose text not null check (purpose in ('setup', 'password-reset')),
  user_id text references users (id) on delete cascade,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  expires_at timestamptz not null,
  used_at timestamptz,
  check ((purpose = 'setup') = (user_id is null))
);
create index account_tokens_user on account_tokens (user_id) where user_id is not null;

-- Images for entries, served at /uploads/{id}.{ext}; the type was read from the bytes.
create table uploads (
  id text primary key,
  project_id text not null references projects (id) on delete cascade,
  uploaded_by text references users (id) on delete set null,
  media_type text not null check (media_type in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
  bytes bytea not null check (octet_length(bytes) between 1 and 5242880),
  created_at timestamptz not null default date_trunc('milliseconds', now())
);
create index uploads_project on uploads (project_id);

-- Keys made in the dashboard carry a name (what they are for); the CLI's have none.
alter table api_keys add column name text check (char_length(name) between 1 and 100);
