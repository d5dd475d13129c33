/**
 * SQL for the email deliveries of a release (migration 0008): its batches, and the record of each
 * (entry, subscriber) message the SMTP server accepted. A batch is `pending` until every recipient
 * still confirmed has a record (`sent`), `cancelled` when its entry is no longer an external release,
 * and `failed` once its job ran out of retries, until re-driven.
 */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export type EmailBatchStatus = 'pending' | 'sent' | 'failed' | 'cancelled';
export type EmailBatchRow = {
  id: string;
  entryId: string;
  dispatchId: string;
  seq: number;
  subscriberIds: string[];
  status: EmailBatchStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
};
/** A failed batch as the CLI shows it: `unsent` is how many of its recipients are still owed it. */
export type FailedBatchRow = EmailBatchRow & {
  entryTitle: string;
  projectSlug: string;
  recipients: number;
  unsent: number;
};

/**
 * Insert the batches of a dispatch, by one statement; those it already made (same dispatch and
 * position) are left alone.
 * @returns the ids inserted by this call, in `rows`' order.
 */
export async function insertBatches(
  sql: TransactionSql,
  rows: { id: string; entryId: string; dispatchId: string; seq: number; subscriberIds: string[] }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const created = await sql<{ id: string; seq: number }[]>`
    insert into email_batches (id, entry_id, dispatch_id, seq, subscriber_ids, status)
    select b.id, b."entryId", b."dispatchId", b.seq, b."subscriberIds", 'pending'
    from json_to_recordset(${JSON.stringify(rows)}::text::json)
      as b (id text, "entryId" text, "dispatchId" text, seq integer, "subscriberIds" text[])
    on conflict (dispatch_id, seq) do nothing
    returning id, seq`;
  return created.sort((a, b) => a.seq - b.seq).map((row) => row.id);
}

export async function findBatch(sql: Db, id: string): Promise<EmailBatchRow | undefined> {
  const [row] = await sql<EmailBatchRow[]>`select * from email_batches where id = ${id}`;
  return row;
}

export async function findBatchOfDispatch(
  sql: Db,
  dispatchId: string,
  seq: number,
): Promise<EmailBatchRow | undefined> {
  const [row] = await sql<EmailBatchRow[]>`
    select * from email_batches where dispatch_id = ${dispatchId} and seq = ${seq}`;
  return row;
}

/**
 * The recipients of `subscriberIds` still owed `entryId`: confirmed, and with no record of a send, in
 * id order. Driven from the ids, one primary-key lookup each in both tables, whatever the planner's
 * statistics say (`offset 0` keeps the lookup from being flattened into a join): the embedded
 * database runs no autovacuum, so its tables may never have been analyzed, and a plan made from
 * guesses scanned every subscriber for each batch (tens of milliseconds a batch at 10,000).
 */
export async function unsentRecipients(
  sql: Db,
  entryId: string,
  subscriberIds: readonly string[],
): Promise<{ id: string; email: string; locale: string | null }[]> {
  if (subscriberIds.length === 0) return [];
  return sql<{ id: string; email: string; locale: string | null }[]>`
    select s.id, s.email, s.locale
    from unnest(${sql.array(subscriberIds as string[])}::text[]) as r (id)
    cross join lateral (
      select s.id, s.email, s.locale from subscribers s
      where s.id = r.id and s.status = 'confirmed'
        and not exists (select 1 from email_sends x where x.entry_id = ${entryId} and x.subscriber_id = r.id)
      offset 0
    ) s
    order by s.id`;
}

/** Record that the SMTP server accepted `entryId`'s messages to `subscriberIds` (idempotent). */
export async function recordSends(sql: Db, entryId: string, subscriberIds: readonly string[]): Promise<void> {
  await sql`
    insert into email_sends (entry_id, subscriber_id)
    select ${entryId}, unnest(${sql.array(subscriberIds as string[])}::text[])
    on conflict do nothing`;
}

/** One more attempt of a pending batch ended with `error` (it will be retried, or fail for good). */
export async function recordBatchAttempt(sql: Db, id: string, error: string): Promise<void> {
  await sql`
    update email_batches set attempts = attempts + 1, last_error = ${error.slice(0, 1000)},
      updated_at = date_trunc('milliseconds', now())
    where id = ${id} and status = 'pending'`;
}

/** A pending batch is done: `sent` (every recipient has a record) or `cancelled` (with why). */
export async function finishBatch(
  sql: Db,
  id: string,
  outcome: { status: 'sent' | 'cancelled'; error: string | null },
): Promise<void> {
  await sql`
    update email_batches set status = ${outcome.status}, attempts = attempts + 1,
      last_error = coalesce(${outcome.error}, last_error), updated_at = date_trunc('milliseconds', now())
    where id = ${id} and status = 'pending'`;
}

/** A pending batch whose job ran out of retries is `failed` (kept, for `shiplog deliveries`). */
export async function markBatchFailed(sql: Db, id: string, error: string | null): Promise<void> {
  await sql`
    update email_batches set status = 'failed', last_error = coalesce(${error?.slice(0, 1000) ?? null}, last_error),
      updated_at = date_trunc('milliseconds', now())
    where id = ${id} and status = 'pending'`;
}

/** Failed batches, oldest failure first; with `ids`, only those. */
export async function listFailedBatches(sql: Db, ids?: readonly string[]): Promise<FailedBatchRow[]> {
  return sql<FailedBatchRow[]>`
    select b.*, e.title as entry_title, p.slug as project_slug,
      cardinality(b.subscriber_ids) as recipients,
      (select count(*) from subscribers s
        where s.id = any(b.subscriber_ids) and s.status = 'confirmed'
          and not exists (select 1 from email_sends x where x.entry_id = b.entry_id and x.subscriber_id = s.id)
      )::int as unsent
    from email_batches b
    join entries e on e.id = b.entry_id
    join projects p on p.id = e.project_id
    where b.status = 'failed' ${ids ? sql`and b.id = any(${sql.array(ids as string[])})` : sql``}
    order by b.updated_at, b.id`;
}

/** A failed batch back to `pending` (its attempts and last error kept). @returns whether it was failed. */
export async function reopenBatch(sql: TransactionSql, id: string): Promise<boolean> {
  const rows = await sql`
    update email_batches set status = 'pending', updated_at = date_trunc('milliseconds', now())
    where id = ${id} and status = 'failed' returning 1`;
  return rows.length > 0;
}
