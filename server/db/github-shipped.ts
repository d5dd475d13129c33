/**
 * SQL of the "Shipped in …" comments (app/shipped-comments.ts): one row per (entry, repository, pull
 * request or issue), claimed before the comment is posted and completed with its id after.
 */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export type ShippedKey = { entryId: string; repository: string; number: number };

/**
 * @returns `new` when this call made the claim; else the existing row's comment id (null while the
 *   claim is incomplete; 0 for a target that could take no comment).
 */
export async function claimShippedComment(
  sql: Db,
  key: ShippedKey & { kind: 'pull_request' | 'issue' },
): Promise<'new' | { commentId: number | null }> {
  const inserted = await sql`
    insert into github_shipped_comments (entry_id, repository, number, kind)
    values (${key.entryId}, ${key.repository.toLowerCase()}, ${key.number}, ${key.kind})
    on conflict (entry_id, repository, number) do nothing returning number`;
  if (inserted.length > 0) return 'new';
  const [row] = await sql<{ commentId: number | null }[]>`
    select comment_id::float8 as comment_id from github_shipped_comments
    where entry_id = ${key.entryId} and repository = ${key.repository.toLowerCase()} and number = ${key.number}`;
  return { commentId: row?.commentId ?? null };
}

export async function completeShippedComment(sql: Db, key: ShippedKey, commentId: number): Promise<void> {
  await sql`
    update github_shipped_comments set comment_id = ${commentId}
    where entry_id = ${key.entryId} and repository = ${key.repository.toLowerCase()} and number = ${key.number}`;
}

/** The comments recorded for an entry, by number (for tests and the dashboard). */
export async function listShippedComments(
  sql: Db,
  entryId: string,
): Promise<{ repository: string; number: number; kind: string; commentId: number | null }[]> {
  return sql`
    select repository, number, kind, comment_id::float8 as comment_id from github_shipped_comments
    where entry_id = ${entryId} order by number`;
}
