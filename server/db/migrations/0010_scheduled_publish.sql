-- Scheduling (docs/api.md#entries): a draft may carry the time a durable job publishes it.
-- The job publishes only while the entry still carries that very time, so a cancel or a new time makes
-- an older job do nothing.
alter table entries add column scheduled_for timestamptz;
alter table entries add constraint entries_scheduled_draft check (scheduled_for is null or status = 'draft');
create index entries_scheduled on entries (project_id, scheduled_for) where scheduled_for is not null;
