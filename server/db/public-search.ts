/**
 * SQL for readers' search (CONTRACT.md "Readers and audiences", search): PostgreSQL full-text search
 * over the generated `search_vector` (title weighted A, summary B, body C; migration 0016) in the
 * project's text search configuration, on the same rows readers see elsewhere (db/public-entries.ts).
 */
import type { Sql, TransactionSql } from './connect.ts';
import { type PublicEntryRow, visibleTo } from './public-entries.ts';

type Db = Sql | TransactionSql;

/**
 * The published external entries of a project that match `q` and that a reader with `segments` may
 * see, best match first (`ts_rank`; newer first among equals), at most `limit`.
 * `q` is read by `websearch_to_tsquery` in the project's language: words, `"a phrase"`, `or`, `-word`;
 * it never fails on odd input, and a query of stop words alone matches nothing.
 */
export async function searchPublicEntries(
  sql: Db,
  projectId: string,
  q: string,
  segments: readonly string[],
  limit: number,
): Promise<PublicEntryRow[]> {
  return sql<PublicEntryRow[]>`
    select id, title, slug, version, category, published_at, html, summary, announce
    from entries,
      websearch_to_tsquery((select search_language from projects where id = ${projectId}), ${q}) query
    where project_id = ${projectId} and status = 'published' and visibility = 'external'
      and ${visibleTo(sql, segments)}
      and search_vector @@ query
    order by ts_rank(search_vector, query) desc, published_at desc, id desc
    limit ${limit}`;
}
