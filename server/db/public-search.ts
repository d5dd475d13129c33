/**
 * SQL for readers' search (docs/api.md#readers-and-audiences-segments-summary-announcements, search): PostgreSQL full-text search
 * over the generated `search_vector` (title weighted A, summary B, body C; migration 0016) in the
 * project's text search configuration, on the same rows readers see elsewhere (db/public-entries.ts).
 *
 * Two plans, chosen by the project's size. The GIN index `entries_search` is shared by every project:
 * for a word common across them all ("fix", "the") it yields every project's matches, tens of
 * thousands of rows on a large instance, to be intersected with this project's few. A project of up to
 * {@link PROJECT_SCAN_LIMIT} published external entries is therefore searched by reading its own
 * entries through `entries_public` and matching each stored vector (a few milliseconds, whatever
 * other projects hold; bench/search.ts); a larger one through the GIN index.
 */
import type { Sql, TransactionSql } from './connect.ts';
import { type PublicEntryRow, visibleTo } from './public-entries.ts';

type Db = Sql | TransactionSql;

/** Up to this many published external entries, a project's search reads them all, not the GIN index. */
export const PROJECT_SCAN_LIMIT = 5000;

/** Whether the project has at most {@link PROJECT_SCAN_LIMIT} published external entries (index only). */
async function isSmallProject(sql: Db, projectId: string): Promise<boolean> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from (
      select 1 from entries
      where project_id = ${projectId} and status = 'published' and visibility = 'external'
      limit ${PROJECT_SCAN_LIMIT + 1}
    ) t`;
  return row!.n <= PROJECT_SCAN_LIMIT;
}

/**
 * The published external entries of a project that match `q` and that a reader with `segments` may
 * see, best match first (`ts_rank`; newer first among equals), at most `limit`.
 * `q` is read by `websearch_to_tsquery` in the project's language: words, `"a phrase"`, `or`, `-word`;
 * it never fails on odd input, and a query of stop words alone matches nothing.
 * @param locales the reader's languages besides the default (docs/languages.md#search): an entry
 *   matches too when its translation into one of them does, `q` read in that translation's own text
 *   search configuration (`german` for `de`), and ranks by its best match.
 */
export async function searchPublicEntries(
  sql: Db,
  projectId: string,
  q: string,
  segments: readonly string[],
  limit: number,
  locales: readonly string[] = [],
): Promise<PublicEntryRow[]> {
  const query = sql`websearch_to_tsquery((select search_language from projects where id = ${projectId}), ${q})`;
  const mine = () => sql`project_id = ${projectId} and status = 'published' and visibility = 'external'
    and ${visibleTo(sql, segments)}`;
  // `offset 0` keeps the match out of the subquery, so that it reads the project's entries by
  // `entries_public` and never the shared GIN index.
  const small = await isSmallProject(sql, projectId);
  const candidates = () =>
    small
      ? sql`(select * from entries where ${mine()} offset 0) e`
      : sql`(select * from entries where ${mine()}) e`;
  if (locales.length === 0) {
    return sql<PublicEntryRow[]>`
      select id, title, slug, version, category, published_at, updated_at, html, summary, announce
      from ${candidates()}, ${query} query
      where search_vector @@ query
      order by ts_rank(search_vector, query) desc, published_at desc, id desc
      limit ${limit}`;
  }
  return sql<PublicEntryRow[]>`
    with matches as (
      select e.id, ts_rank(e.search_vector, query) as rank
      from ${candidates()}, ${query} query
      where e.search_vector @@ query
      union all
      select t.entry_id, ts_rank(t.search_vector, websearch_to_tsquery(t.search_language, ${q}))
      from entry_translations t join ${candidates()} on e.id = t.entry_id
      where t.locale = any(${locales as string[]}::text[])
        and t.search_vector @@ websearch_to_tsquery(t.search_language, ${q})
    ), best as (select id, max(rank) as rank from matches group by id)
    select e.id, e.title, e.slug, e.version, e.category, e.published_at, e.updated_at, e.html, e.summary,
      e.announce
    from best join entries e on e.id = best.id
    order by best.rank desc, e.published_at desc, e.id desc
    limit ${limit}`;
}
