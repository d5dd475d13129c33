/**
 * SQL for single-use account links: `setup` (the first account; no user) and `password-reset` (one
 * user). Stored as SHA-256 hashes with an expiry; using one marks it used in the same statement that
 * checks it, so two requests with one link cannot both succeed.
 */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export type TokenPurpose = 'setup' | 'password-reset';

export async function insertAccountToken(
  sql: Db,
  token: { tokenHash: Buffer; purpose: TokenPurpose; userId: string | null; ttlMinutes: number },
): Promise<void> {
  await sql`
    insert into account_tokens (token_hash, purpose, user_id, expires_at)
    values (${token.tokenHash}, ${token.purpose}, ${token.userId},
      date_trunc('milliseconds', now()) + make_interval(mins => ${token.ttlMinutes}))`;
}

/** Whether the link is unused and unexpired (changes nothing). */
export async function isTokenUsable(sql: Db, tokenHash: Buffer, purpose: TokenPurpose): Promise<boolean> {
  const rows = await sql`
    select 1 from account_tokens
    where token_hash = ${tokenHash} and purpose = ${purpose} and used_at is null and expires_at > now()`;
  return rows.length > 0;
}

/**
 * Use the link. @returns `{ userId }` (null for a setup link) when it was usable, undefined when it is
 * unknown, used or expired.
 */
export async function consumeAccountToken(
  sql: Db,
  tokenHash: Buffer,
  purpose: TokenPurpose,
): Promise<{ userId: string | null } | undefined> {
  const [row] = await sql<{ userId: string | null }[]>`
    update account_tokens set used_at = date_trunc('milliseconds', now())
    where token_hash = ${tokenHash} and purpose = ${purpose} and used_at is null and expires_at > now()
    returning user_id`;
  return row;
}

/** Every unused reset link of the user ends (its password was just set), and expired ones go. */
export async function retireResetTokens(sql: Db, userId: string): Promise<void> {
  await sql`
    update account_tokens set used_at = date_trunc('milliseconds', now())
    where user_id = ${userId} and purpose = 'password-reset' and used_at is null`;
}

/** Links that can never be used again (expired a day ago or more), so the table stays small. */
export async function purgeDeadTokens(sql: Db): Promise<void> {
  await sql`delete from account_tokens where expires_at < now() - interval '1 day'`;
}
