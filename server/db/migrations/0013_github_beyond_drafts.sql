-- The GitHub App beyond drafting (issue 22): monorepo components on entries, the installations and
-- repositories GitHub told us about, the one "not linked" notice per repository, and the shipped comments
-- already left (one per entry and pull request or issue, whatever retries or republishing happen).

-- A monorepo's component (`components` in .github/shiplog.yml): `web`, `@acme/cli`.
alter table entries
  add column component text check (component ~ '^[A-Za-z0-9@][A-Za-z0-9@/._-]{0,99}$');
create index entries_component on entries (project_id, component) where component is not null;
-- One entry per pull request (or release) and component of a repository within a project.
drop index entries_source_pull_request;
drop index entries_source_release;
create unique index entries_source_pull_request
  on entries (project_id, source_repository, source_pull_request, coalesce(component, ''))
  where source_pull_request is not null;
create unique index entries_source_release
  on entries (project_id, source_repository, source_release, coalesce(component, ''))
  where source_release is not null;

-- `installation` events: where the App is installed.
create table github_installations (
  id bigint primary key,
  account text not null,
  account_type text not null,
  suspended_at timestamptz,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);

-- `installation` and `installation_repositories` events: the repositories each installation reaches.
create table github_installation_repositories (
  repository text primary key check (repository = lower(repository) and repository ~ '^[a-z0-9._-]+/[a-z0-9._-]+$'),
  installation_id bigint not null references github_installations (id) on delete cascade,
  private boolean not null default false,
  added_at timestamptz not null default date_trunc('milliseconds', now())
);
create index github_installation_repositories_installation on github_installation_repositories (installation_id);

-- A repository linked to no project is told how to link it once, on its first pull request.
create table github_unlinked_notices (
  repository text primary key check (repository = lower(repository)),
  pull_request integer not null check (pull_request > 0),
  noticed_at timestamptz not null default date_trunc('milliseconds', now())
);

-- "Shipped in …" comments: a row is claimed before the comment is posted and completed with its id
-- after, so a retried job or a republished entry never comments twice on one pull request or issue.
create table github_shipped_comments (
  entry_id text not null references entries (id) on delete cascade,
  repository text not null check (repository = lower(repository)),
  number integer not null check (number > 0),
  kind text not null check (kind in ('pull_request', 'issue')),
  comment_id bigint,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (entry_id, repository, number)
);
