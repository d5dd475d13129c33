-- AI draft quota: drafts made by the AI provider per project per calendar month (UTC).
create table ai_usage (
  project_id text not null references projects (id) on delete cascade,
  month date not null,
  drafts int not null default 0 check (drafts >= 0),
  primary key (project_id, month)
);
