-- A channel delivery names the dispatch (the `entry-published` job) that made it: a dispatch that runs
-- again (its job retried after the deliveries committed) makes no second delivery to the same channel.
alter table channel_deliveries add column dispatch_id text;
create unique index channel_deliveries_dispatch on channel_deliveries (channel_id, dispatch_id)
  where dispatch_id is not null;
