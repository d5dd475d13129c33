/**
 * Server-side sessions (docs/api.md#accounts-and-sessions): the cookie carries a random token, the database its
 * SHA-256 with the user and a per-session CSRF token. A session ends when signed out, when its user's
 * password changes elsewhere, or after 30 idle days (sliding: every use within the last hour counts).
 */
import type { Sql, TransactionSql } from '../../db/connect.ts';
import {
  deleteSession,
  deleteUserSessions,
  findLiveSession,
  insertSession,
  purgeIdleSessions,
  touchSession,
} from '../../db/sessions.ts';
import type { ServiceContext } from '../context.ts';
import { hashSecretToken, newSecretToken, sameSecret } from './secret-token.ts';

/** A session ends after this many days without a request. */
export const SESSION_IDLE_DAYS = 30;

export type Session = {
  tokenHash: Buffer;
  /** What a state-changing request must send in `X-CSRF-Token`. */
  csrfToken: string;
  user: { id: string; email: string };
};

/**
 * Start a session for `userId` (in the caller's transaction when given), clearing its idle ones.
 * @returns the cookie's token (shown only here) and the session's CSRF token.
 */
export async function startSession(
  sql: Sql | TransactionSql,
  userId: string,
): Promise<{ token: string; csrfToken: string }> {
  const { token, hash } = newSecretToken();
  const csrfToken = newSecretToken().token;
  await purgeIdleSessions(sql, userId, SESSION_IDLE_DAYS);
  await insertSession(sql, { tokenHash: hash, userId, csrfToken });
  return { token, csrfToken };
}

/**
 * The live session of a cookie's token, its idle clock restarted (at most one write an hour).
 * @returns the session and whether its expiry moved (then the cookie is sent again), or null.
 */
export async function resolveSession(
  ctx: Pick<ServiceContext, 'sql'>,
  token: string,
): Promise<{ session: Session; renewed: boolean } | null> {
  if (token.length === 0 || token.length > 100) return null;
  const tokenHash = hashSecretToken(token);
  const row = await findLiveSession(ctx.sql, tokenHash, SESSION_IDLE_DAYS);
  if (!row) return null;
  const renewed = await touchSession(ctx.sql, tokenHash);
  return { session: { tokenHash, csrfToken: row.csrfToken, user: row.user }, renewed };
}

/** Sign-out: the session's row is deleted, so its cookie is worthless even if kept. */
export async function endSession(ctx: Pick<ServiceContext, 'sql'>, session: Session): Promise<void> {
  await deleteSession(ctx.sql, session.tokenHash);
}

/** End every session of the user but `keep`'s (null: all of them). @returns how many ended. */
export function endOtherSessions(
  sql: Sql | TransactionSql,
  userId: string,
  keep: Session | null,
): Promise<number> {
  return deleteUserSessions(sql, userId, keep?.tokenHash ?? null);
}

/** Whether `header` is the session's CSRF token (constant time). */
export function csrfTokenMatches(session: Session, header: string | undefined): boolean {
  return header !== undefined && sameSecret(header, session.csrfToken);
}
