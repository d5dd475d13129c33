-- A project's history and its drafting profile (docs/api.md#import-history-and-the-drafting-profile).
-- entries.origin gains `import` (an entry brought in from the project's existing changelog).
-- entry_changes: what a drafted or imported release was made of, as generate and import receive it
-- ({"commits": [...], "commitDetails": [...], "pullRequests": [...]}), so that the profile can be learned
-- again from the entries themselves: which of those changes the published notes list, and how. A table
-- of its own: lists and the widget read entries and never need it.
alter table entries drop constraint entries_source_check;
alter table entries add constraint entries_origin_check check (origin in ('api', 'generate', 'import'));
create table entry_changes (
  entry_id text primary key references entries (id) on delete cascade,
  changes jsonb not null
);

-- One profile per project: learned from its imported releases that carry their changes and from the
-- drafts it published. `reset_at`: a reset forgets what was learned; only entries published after it teach.
create table drafting_profiles (
  project_id text primary key references projects (id) on delete cascade,
  profile jsonb,
  releases_learned integer not null default 0,
  reset_at timestamptz,
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);
