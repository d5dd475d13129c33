/**
 * SQL for emoji reactions. Counts are always derived from the rows, so they cannot drift from them.
 */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

/**
 * Toggle one reaction: delete it if present, insert it otherwise. Call inside a transaction: toggles of
 * the same (entry, emoji, reader) take turns on an advisory lock held to the end of it, so what the
 * caller reads next in that transaction is the state this toggle produced (20 identical concurrent
 * toggles answer alternately true and false, never `reacted: true` with a count of 0).
 * @returns true when the reaction is now present.
 */
export async function toggleReaction(
  tx: TransactionSql,
  entryId: string,
  emoji: string,
  anonymousId: string,
): Promise<boolean> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`reaction\n${entryId}\n${emoji}\n${anonymousId}`}, 0))`;
  const sql = tx;
  const [row] = await sql<{ added: boolean }[]>`
    with removed as (
      delete from reactions where entry_id = ${entryId} and emoji = ${emoji} and anonymous_id = ${anonymousId} returning 1
    ), added as (
      insert into reactions (entry_id, emoji, anonymous_id)
      select ${entryId}, ${emoji}, ${anonymousId} where not exists (select 1 from removed)
      on conflict do nothing
      returning 1
    )
    select exists (select 1 from added) as added`;
  return row!.added;
}

/** emoji → count for each of `entryIds` (entries without reactions are absent). */
export async function countReactions(
  sql: Db,
  entryIds: readonly string[],
): Promise<Map<string, Record<string, number>>> {
  const result = new Map<string, Record<string, number>>();
  if (entryIds.length === 0) return result;
  const rows = await sql<{ entryId: string; emoji: string; n: number }[]>`
    select entry_id, emoji, count(*)::int as n from reactions
    where entry_id in ${sql(entryIds as string[])}
    group by entry_id, emoji`;
  for (const r of rows) {
    const counts = result.get(r.entryId) ?? {};
    counts[r.emoji] = r.n;
    result.set(r.entryId, counts);
  }
  return result;
}

/**
 * For each of `entryIds`, every emoji of the project's list, in its order, with its count (0 included):
 * the shape the widget and the API show, so a reader always sees one button per emoji.
 */
export async function reactionCounts(
  sql: Db,
  emojiList: readonly string[],
  entryIds: readonly string[],
): Promise<Map<string, Record<string, number>>> {
  const counts = await countReactions(sql, entryIds);
  return new Map(
    entryIds.map((id) => [id, Object.fromEntries(emojiList.map((e) => [e, counts.get(id)?.[e] ?? 0]))]),
  );
}
