/** SQL for subscribers (double opt-in, docs/api.md#public-engagement-no-key-cors-). Emails are stored lower-cased. */
import type { SUBSCRIBER_STATUSES } from '../../core/contract/subscribers.schema.ts';
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export type SubscriberRow = {
  id: string;
  projectId: string;
  email: string;
  status: SubscriberStatus;
  requestedAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  createdAt: Date;
};

export type ConsentRequest = { ip: string; userAgent: string | null; page: string | null };

/** What a SubscriberRow holds: never the token hash nor the consent details. */
const COLUMNS = 'id, project_id, email, status, requested_at, confirmed_at, unsubscribed_at, created_at';
/** The same, qualified by the alias `s`, for joins. */
const S_COLUMNS = COLUMNS.replace(/(^|, )/g, '$1s.');

/** Confirmation links live 48 hours (issue "Public engagement", scope 1). */
export const CONFIRM_TTL = '48 hours';

/**
 * Record a subscription request. New and unsubscribed addresses become pending, pending ones stay so,
 * confirmed ones are left as they are (their language too: `locale`, null for the default, is the one
 * given when they subscribed, or kept from an earlier request). One statement whatever the state, so every case costs the
 * same; whether a confirmation email is due is decided later, by the job (`addConfirmationLink`).
 * @returns the subscriber id.
 */
export async function requestSubscription(
  sql: Db,
  row: { id: string; projectId: string; email: string; locale: string | null; consent: ConsentRequest },
): Promise<string> {
  const [result] = await sql<{ id: string }[]>`
    insert into subscribers (id, project_id, email, status, requested_at, request_ip, request_user_agent, request_page, locale)
    values (${row.id}, ${row.projectId}, ${row.email}, 'pending',
            date_trunc('milliseconds', now()), ${row.consent.ip}, ${row.consent.userAgent}, ${row.consent.page}, ${row.locale})
    on conflict (project_id, email) do update set
      status = case when subscribers.status = 'confirmed' then 'confirmed' else 'pending' end,
      requested_at = case when subscribers.status = 'confirmed' then subscribers.requested_at else excluded.requested_at end,
      request_ip = case when subscribers.status = 'confirmed' then subscribers.request_ip else excluded.request_ip end,
      request_user_agent = case when subscribers.status = 'confirmed' then subscribers.request_user_agent else excluded.request_user_agent end,
      request_page = case when subscribers.status = 'confirmed' then subscribers.request_page else excluded.request_page end,
      locale = case when subscribers.status = 'confirmed' then subscribers.locale else coalesce(excluded.locale, subscribers.locale) end
    returning id`;
  return result!.id;
}

/**
 * One more confirmation link for a pending subscriber (earlier links stay valid until they expire);
 * the subscriber's purge time moves to this link's expiry.
 * @returns the subscriber when it is pending (an email is due), else undefined.
 */
export async function addConfirmationLink(
  sql: Db,
  subscriberId: string,
  tokenHash: Buffer,
): Promise<SubscriberRow | undefined> {
  const [row] = await sql<SubscriberRow[]>`
    with pending as (
      update subscribers set confirm_expires_at = now() + ${CONFIRM_TTL}::interval
      where id = ${subscriberId} and status = 'pending'
      returning ${sql.unsafe(COLUMNS)}
    ), link as (
      insert into confirmation_tokens (token_hash, subscriber_id, expires_at)
      select ${tokenHash}, id, now() + ${CONFIRM_TTL}::interval from pending
    )
    select * from pending`;
  return row;
}

/**
 * Confirm with a token: valid, unexpired, single use (the token is deleted).
 * @returns the confirmed subscriber, or undefined when the token is unknown, used or expired.
 */
export async function confirmSubscription(
  sql: Db,
  tokenHash: Buffer,
  consent: { ip: string; userAgent: string | null },
): Promise<SubscriberRow | undefined> {
  const [row] = await sql<SubscriberRow[]>`
    with used as (
      delete from confirmation_tokens where token_hash = ${tokenHash} and expires_at > now()
      returning subscriber_id
    )
    update subscribers set status = 'confirmed', confirm_expires_at = null,
      confirmed_at = date_trunc('milliseconds', now()), confirm_ip = ${consent.ip}, confirm_user_agent = ${consent.userAgent},
      unsubscribed_at = null
    where id in (select subscriber_id from used) and status = 'pending'
    returning ${sql.unsafe(COLUMNS)}`;
  return row;
}

/** A pending subscriber whose token is valid (for the confirmation page, which changes nothing). */
export async function findByConfirmToken(sql: Db, tokenHash: Buffer): Promise<SubscriberRow | undefined> {
  const [row] = await sql<SubscriberRow[]>`
    select ${sql.unsafe(S_COLUMNS)} from subscribers s
    join confirmation_tokens t on t.subscriber_id = s.id
    where t.token_hash = ${tokenHash} and t.expires_at > now() and s.status = 'pending'`;
  return row;
}

export async function findSubscriber(sql: Db, id: string): Promise<SubscriberRow | undefined> {
  const [row] = await sql<SubscriberRow[]>`
    select ${sql.unsafe(COLUMNS)} from subscribers where id = ${id}`;
  return row;
}

/** Unsubscribe (idempotent: an unsubscribed address stays so, with its first time). */
export async function unsubscribe(sql: Db, id: string): Promise<SubscriberRow | undefined> {
  const [row] = await sql<SubscriberRow[]>`
    with links as (delete from confirmation_tokens where subscriber_id = ${id})
    update subscribers set status = 'unsubscribed', confirm_expires_at = null,
      unsubscribed_at = coalesce(unsubscribed_at, date_trunc('milliseconds', now()))
    where id = ${id}
    returning ${sql.unsafe(COLUMNS)}`;
  return row;
}

/** The ids of a project's confirmed subscribers, in a stable order (for email fan-out). */
export async function listConfirmedSubscriberIds(sql: Db, projectId: string): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from subscribers where project_id = ${projectId} and status = 'confirmed' order by id`;
  return rows.map((r) => r.id);
}

/** The subscribers of `ids` that are still confirmed. */
export async function findConfirmedSubscribers(sql: Db, ids: readonly string[]): Promise<SubscriberRow[]> {
  if (ids.length === 0) return [];
  return sql<SubscriberRow[]>`
    select ${sql.unsafe(COLUMNS)} from subscribers where id in ${sql(ids as string[])} and status = 'confirmed'`;
}

/**
 * Delete addresses that never confirmed within their last link's lifetime, and expired links.
 * @returns how many addresses.
 */
export async function purgeExpiredPending(sql: Db): Promise<number> {
  const rows = await sql`
    with expired as (delete from confirmation_tokens where expires_at < now())
    delete from subscribers where status = 'pending' and confirm_expires_at < now() and confirmed_at is null
    returning 1`;
  return rows.length;
}

/** Which of a project's subscribers a list or an export shows: a status, and text the address contains. */
export type SubscriberFilter = { status?: SubscriberStatus | undefined; q?: string | undefined };

/** `q` matches literally anywhere in the (lower-cased) address: no pattern characters. */
function filterSql(sql: Db, filter: SubscriberFilter) {
  return sql`
    ${filter.status ? sql`and status = ${filter.status}` : sql``}
    ${filter.q ? sql`and strpos(email, ${filter.q.toLowerCase()}) > 0` : sql``}`;
}

export async function listSubscribers(
  sql: Db,
  projectId: string,
  filter: SubscriberFilter,
  after: { createdAt: Date; id: string } | undefined,
  limit: number,
): Promise<SubscriberRow[]> {
  return sql<SubscriberRow[]>`
    select ${sql.unsafe(COLUMNS)} from subscribers
    where project_id = ${projectId} ${filterSql(sql, filter)}
      ${after ? sql`and (created_at, id) < (${after.createdAt}, ${after.id})` : sql``}
    order by created_at desc, id desc
    limit ${limit + 1}`;
}

/**
 * The next `limit` subscribers by address after `afterEmail` (the export's keyset: the unique
 * (project, email) index, so each batch is one short index range scan).
 */
export async function listSubscribersByEmail(
  sql: Db,
  projectId: string,
  filter: SubscriberFilter,
  afterEmail: string | undefined,
  limit: number,
): Promise<SubscriberRow[]> {
  return sql<SubscriberRow[]>`
    select ${sql.unsafe(COLUMNS)} from subscribers
    where project_id = ${projectId} ${filterSql(sql, filter)}
      ${afterEmail !== undefined ? sql`and email > ${afterEmail}` : sql``}
    order by email
    limit ${limit}`;
}

/**
 * Delete a subscriber of the project with its links and send records: no later email reaches it, and
 * the address may subscribe again as new.
 * @returns the removed row, or undefined for none of that id in the project.
 */
export async function deleteSubscriber(
  sql: Db,
  projectId: string,
  id: string,
): Promise<SubscriberRow | undefined> {
  const [row] = await sql<SubscriberRow[]>`
    delete from subscribers where project_id = ${projectId} and id = ${id}
    returning ${sql.unsafe(COLUMNS)}`;
  return row;
}

export async function countSubscribers(
  sql: Db,
  projectId: string,
): Promise<Record<SubscriberStatus, number>> {
  const rows = await sql<{ status: SubscriberStatus; n: number }[]>`
    select status, count(*)::int as n from subscribers where project_id = ${projectId} group by status`;
  const counts: Record<SubscriberStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}
