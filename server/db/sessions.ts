/**
 * SQL for dashboard sessions: rows keyed by the SHA-256 of the cookie's token. A session is live while
 * `last_seen_at` is within `idleDays` days; `touchSession` moves it at most once an hour, so a busy
 * session costs one write an hour, not one per request.
 */
import type { Sql, TransactionSql } from './connect.ts';
import type { UserRow } from './users.ts';

type Db = Sql | TransactionSql;

export type SessionRow = {
  tokenHash: Buffer;
  userId: string;
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
};

export type LiveSession = SessionRow & { user: Pick<UserRow, 'id' | 'email'> };

export async function insertSession(
  sql: Db,
  session: { tokenHash: Buffer; userId: string; csrfToken: string },
): Promise<SessionRow> {
  const [row] = await sql<SessionRow[]>`
    insert into sessions (token_hash, user_id, csrf_token)
    values (${session.tokenHash}, ${session.userId}, ${session.csrfToken})
    returning *`;
  return row!;
}

/** The session of `tokenHash` if it was used within `idleDays` days, with its user. */
export async function findLiveSession(
  sql: Db,
  tokenHash: Buffer,
  idleDays: number,
): Promise<LiveSession | undefined> {
  const [row] = await sql<(SessionRow & { email: string })[]>`
    select s.*, u.email from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${tokenHash}
      and s.last_seen_at > now() - make_interval(days => ${idleDays})`;
  if (!row) return undefined;
  const { email, ...session } = row;
  return { ...session, user: { id: session.userId, email } };
}

/** Slide the session's expiry. @returns true when written (not touched within the last hour). */
export async function touchSession(sql: Db, tokenHash: Buffer): Promise<boolean> {
  const rows = await sql`
    update sessions set last_seen_at = date_trunc('milliseconds', now())
    where token_hash = ${tokenHash} and last_seen_at < now() - interval '1 hour'
    returning 1`;
  return rows.length > 0;
}

export async function deleteSession(sql: Db, tokenHash: Buffer): Promise<void> {
  await sql`delete from sessions where token_hash = ${tokenHash}`;
}

/** Every session of the user but `keep` (the one changing the password); null ends them all. */
export async function deleteUserSessions(sql: Db, userId: string, keep: Buffer | null): Promise<number> {
  const rows = await sql`
    delete from sessions
    where user_id = ${userId} ${keep ? sql`and token_hash <> ${keep}` : sql``}
    returning 1`;
  return rows.length;
}

/** Sessions of the user idle for `idleDays` days or more (they can never be used again). */
export async function purgeIdleSessions(sql: Db, userId: string, idleDays: number): Promise<void> {
  await sql`
    delete from sessions
    where user_id = ${userId} and last_seen_at <= now() - make_interval(days => ${idleDays})`;
}
