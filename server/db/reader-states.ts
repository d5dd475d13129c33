/**
 * SQL for identified readers' state (migration 0017), keyed by (project, sub): the newest publication
 * time they have seen, and the announcements they have dismissed. Reactions of a reader are rows of
 * `reactions` under the id {@link readerReactionId} gives them.
 */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export type ReaderStateRow = { lastSeenAt: Date | null; seenAnnouncements: string[] };

/**
 * The `anonymous_id` of an identified reader's reactions and views: namespaced by a character that no
 * anonymous id may hold (`[A-Za-z0-9_-]` only), so a browser's id can never pose as a reader.
 */
export function readerReactionId(sub: string): string {
  return `reader:${sub}`;
}

/** The reader's state; a reader never seen before has none yet (null, []). */
export async function findReaderState(sql: Db, projectId: string, sub: string): Promise<ReaderStateRow> {
  const [row] = await sql<ReaderStateRow[]>`
    select s.last_seen_at,
      coalesce(array(
        select a.entry_id from reader_seen_announcements a
        where a.project_id = s.project_id and a.sub = s.sub order by a.seen_at, a.entry_id
      ), '{}') as seen_announcements
    from reader_states s where s.project_id = ${projectId} and s.sub = ${sub}`;
  return row ?? { lastSeenAt: null, seenAnnouncements: [] };
}

/**
 * Record what the reader has seen: `lastSeenAt` moves forward only (an older device never moves it
 * back) and never past the database's now; `announcementId` (an entry of the project) is added.
 * Call inside a transaction.
 */
export async function markReaderSeen(
  tx: TransactionSql,
  projectId: string,
  sub: string,
  seen: { lastSeenAt?: Date; announcementId?: string },
): Promise<void> {
  const at = seen.lastSeenAt ?? null;
  // `greatest` skips nulls: no time given leaves a stored one as it was.
  await tx`
    insert into reader_states (project_id, sub, last_seen_at)
    values (${projectId}, ${sub},
      case when ${at}::timestamptz is not null then least(${at}::timestamptz, date_trunc('milliseconds', now())) end)
    on conflict (project_id, sub) do update set
      last_seen_at = greatest(reader_states.last_seen_at, excluded.last_seen_at),
      updated_at = date_trunc('milliseconds', now())`;
  if (seen.announcementId !== undefined) {
    await tx`
      insert into reader_seen_announcements (project_id, sub, entry_id)
      values (${projectId}, ${sub}, ${seen.announcementId})
      on conflict do nothing`;
  }
}

/** entry id → the emoji the reader has reacted with, for `entryIds`. */
export async function findReaderReactions(
  sql: Db,
  sub: string,
  entryIds: readonly string[],
): Promise<Record<string, string[]>> {
  if (entryIds.length === 0) return {};
  const rows = await sql<{ entryId: string; emoji: string }[]>`
    select entry_id, emoji from reactions
    where anonymous_id = ${readerReactionId(sub)} and entry_id in ${sql(entryIds as string[])}
    order by entry_id, created_at, emoji`;
  const mine: Record<string, string[]> = {};
  for (const r of rows) (mine[r.entryId] ??= []).push(r.emoji);
  return mine;
}
