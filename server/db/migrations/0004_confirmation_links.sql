-- Every confirmation link sent stays valid until it expires (docs/api.md#public-engagement-no-key-cors-): a second
-- request adds a link instead of replacing the first. subscribers.confirm_expires_at keeps the latest
-- expiry, which is when a never-confirmed address may be purged.

create table confirmation_tokens (
  token_hash bytea primary key,
  subscriber_id text not null references subscribers (id) on delete cascade,
  expires_at timestamptz not null
);
create index confirmation_tokens_subscriber on confirmation_tokens (subscriber_id);

insert into confirmation_tokens (token_hash, subscriber_id, expires_at)
select confirm_token_hash, id, confirm_expires_at from subscribers
where confirm_token_hash is not null and confirm_expires_at is not null;

alter table subscribers drop column confirm_token_hash;
