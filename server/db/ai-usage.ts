/**
 * SQL for the monthly AI draft quota (issue "Generate", scope 4). Spending is one conditional upsert,
 * so concurrent requests can never take the count past the limit (no read-then-write).
 */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

/**
 * Take one AI draft from this month's quota (calendar month, UTC).
 * @returns the month reserved (`YYYY-MM-01`, for `releaseAiDraft`), or null when the quota is used up.
 */
export async function reserveAiDraft(sql: Db, projectId: string, limit: number): Promise<string | null> {
  if (limit <= 0) return null;
  const rows = await sql<{ month: string }[]>`
    insert into ai_usage (project_id, month, drafts)
    values (${projectId}, (date_trunc('month', now() at time zone 'utc'))::date, 1)
    on conflict (project_id, month) do update set drafts = ai_usage.drafts + 1
      where ai_usage.drafts < ${limit}
    returning to_char(month, 'YYYY-MM-DD') as month`;
  return rows[0]?.month ?? null;
}

/** Give back a reserved draft (the provider failed, or the entry could not be stored). */
export async function releaseAiDraft(sql: Db, projectId: string, month: string): Promise<void> {
  await sql`
    update ai_usage set drafts = drafts - 1
    where project_id = ${projectId} and month = ${month}::date and drafts > 0`;
}

/** AI drafts used this month. */
export async function countAiDrafts(sql: Db, projectId: string): Promise<number> {
  const [row] = await sql<{ drafts: number }[]>`
    select drafts from ai_usage
    where project_id = ${projectId} and month = (date_trunc('month', now() at time zone 'utc'))::date`;
  return row?.drafts ?? 0;
}
