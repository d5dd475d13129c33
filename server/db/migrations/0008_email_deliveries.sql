-- Email deliveries of a release (docs/api.md#channels-key-authenticated): the batches a publish is split into,
-- each kept until sent and left visible (and re-drivable) when its retries run out, and the record of
-- every (entry, subscriber) message the SMTP server accepted, so that no retry sends it again.

create table email_batches (
  id text primary key,
  entry_id text not null references entries (id) on delete cascade,
  -- The dispatch (the `entry-published` job) that made the batch, and its place in it: a dispatch that
  -- runs again makes no second batch.
  dispatch_id text not null,
  seq integer not null,
  subscriber_ids text[] not null,
  status text not null check (status in ('pending', 'sent', 'failed', 'cancelled')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  unique (dispatch_id, seq)
);
create index email_batches_failed on email_batches (updated_at, id) where status = 'failed';

create table email_sends (
  entry_id text not null references entries (id) on delete cascade,
  subscriber_id text not null references subscribers (id) on delete cascade,
  sent_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (entry_id, subscriber_id)
);
