-- Every reader secret rotated out keeps verifying for its own 24 hours (docs/readers.md "Rotation"),
-- not only the last one: two rotations in a row (two clicks, a retried script) leave both earlier
-- secrets verifying, so no live token dies at once. A retired secret is deleted once its 24 hours end.
create table retired_reader_secrets (
  project_id text not null references projects (id) on delete cascade,
  secret text not null check (secret ~ '^rsk_[0-9A-Za-z]{40}$'),
  retires_at timestamptz not null,
  primary key (project_id, secret)
);

insert into retired_reader_secrets (project_id, secret, retires_at)
  select project_id, previous_secret, previous_retires_at from reader_secrets
  where previous_secret is not null and previous_retires_at > now();

alter table reader_secrets drop column previous_secret, drop column previous_retires_at;
