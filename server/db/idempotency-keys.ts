/**
 * SQL for Idempotency-Key records (docs/api.md#idempotency; IETF draft "The Idempotency-Key HTTP
 * Header Field"). A record is `in_flight` while its request runs and `done` once the response is stored.
 */
import type { Sql, TransactionSql } from './connect.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';

type Db = Sql | TransactionSql;

/** How long a stored response is replayed. */
export const RETENTION = '24 hours';
/** An `in_flight` record older than this belongs to a request that died (crash, lost connection). */
export const ABANDONED_AFTER = '5 minutes';

export type IdempotencyRecord = {
  fingerprint: string;
  state: 'in_flight' | 'done';
  responseStatus: number | null;
  responseHeaders: Record<string, string> | null;
  responseBody: string | null;
};

/**
 * Claim `key` for a request: inserts an `in_flight` record, or takes over an expired or abandoned one.
 * A claim is abandoned after {@link ABANDONED_AFTER}, or at once when it was made before the database
 * server last started (`pg_postmaster_start_time()`): a restart ended every transaction of that
 * request, and its 5xx could not release the key while the database was gone, so a client's retry
 * after the outage runs again instead of meeting 409 for minutes.
 * @returns true when this request now owns the key; false when another record stands.
 */
export async function claimIdempotencyKey(
  sql: Db,
  projectId: string,
  key: string,
  fingerprint: string,
): Promise<boolean> {
  const rows = await sql`
    insert into idempotency_keys (project_id, key, fingerprint, state)
    values (${projectId}, ${key}, ${fingerprint}, 'in_flight')
    on conflict (project_id, key) do update
      set fingerprint = excluded.fingerprint, state = 'in_flight', created_at = now(), locked_at = now(),
          response_status = null, response_headers = null, response_body = null
      where idempotency_keys.created_at < now() - ${RETENTION}::interval
         or (idempotency_keys.state = 'in_flight' and (
               idempotency_keys.locked_at < now() - ${ABANDONED_AFTER}::interval
               or idempotency_keys.locked_at < pg_postmaster_start_time()))
    returning 1`;
  return rows.length === 1;
}

export async function findIdempotencyRecord(
  sql: Db,
  projectId: string,
  key: string,
): Promise<IdempotencyRecord | undefined> {
  const [row] = await sql<IdempotencyRecord[]>`
    select fingerprint, state, response_status, response_headers, response_body
    from idempotency_keys where project_id = ${projectId} and key = ${key}`;
  return row;
}

export async function completeIdempotencyKey(
  sql: Db,
  projectId: string,
  key: string,
  response: { status: number; headers: Record<string, string>; body: string },
): Promise<void> {
  await sql`
    update idempotency_keys
    set state = 'done', response_status = ${response.status},
        response_headers = ${sql.json(response.headers)}, response_body = ${response.body}
    where project_id = ${projectId} and key = ${key}`;
}

/**
 * Forget a claim, so that a retry runs again (after a 5xx or 429). When the database cannot be reached
 * (the usual cause of that 5xx) the claim stays, and nothing is thrown: failing here would replace the
 * request's 503 problem document by the framework's own error. The claim is taken over once the
 * database is back from a restart, or after {@link ABANDONED_AFTER} (see {@link claimIdempotencyKey}).
 * @throws any other database error.
 */
export async function releaseIdempotencyKey(sql: Db, projectId: string, key: string): Promise<void> {
  try {
    await sql`delete from idempotency_keys where project_id = ${projectId} and key = ${key} and state = 'in_flight'`;
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
  }
}

/** Delete records past retention. @returns how many were deleted. */
export async function purgeIdempotencyKeys(sql: Db): Promise<number> {
  const rows =
    await sql`delete from idempotency_keys where created_at < now() - ${RETENTION}::interval returning 1`;
  return rows.length;
}
