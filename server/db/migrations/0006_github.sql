-- The GitHub App (docs/github-app.md#github-app, docs/api.md#entries): where an entry came from, whether a
-- person edited it, which repository feeds which project, and the webhook deliveries already taken.

-- `source` was how an entry was made (api | generate); it is now `origin`, and `source` is the
-- repository, pull request or release an entry drafts.
alter table entries rename column source to origin;
alter table entries
  add column source_repository text check (source_repository = lower(source_repository)),
  add column source_pull_request integer check (source_pull_request > 0),
  add column source_release text check (char_length(source_release) <= 255),
  add column source_head_sha text check (source_head_sha ~ '^[0-9a-f]{7,64}$'),
  -- Set by a person's edit (PATCH): automated re-drafting then leaves the entry alone.
  add column edited_at timestamptz,
  add constraint entries_source_kind check (
    (source_pull_request is null or source_release is null)
    and ((source_pull_request is null and source_release is null) or source_repository is not null));
-- One entry per pull request and per release of a repository within a project.
create unique index entries_source_pull_request on entries (project_id, source_repository, source_pull_request)
  where source_pull_request is not null;
create unique index entries_source_release on entries (project_id, source_repository, source_release)
  where source_release is not null;

create table github_links (
  -- `owner/name`, lower-case: GitHub's names are case-insensitive.
  repository text primary key check (repository = lower(repository) and repository ~ '^[a-z0-9._-]+/[a-z0-9._-]+$'),
  project_id text not null references projects (id) on delete cascade,
  created_at timestamptz not null default date_trunc('milliseconds', now())
);
create index github_links_project on github_links (project_id);

-- X-GitHub-Delivery ids already accepted: GitHub redelivers, and a redelivery must not run twice.
create table github_deliveries (
  id text primary key,
  event text not null,
  received_at timestamptz not null default now()
);
create index github_deliveries_received on github_deliveries (received_at);
