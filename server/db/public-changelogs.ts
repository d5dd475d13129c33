/** SQL for the projects whose public changelog has something to read (the root page lists them). */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export type PublicChangelogRow = { name: string; slug: string };

/**
 * The `public` projects with at least one published external entry for everyone (no segments), by
 * name, at most `limit` (one `exists` per project, answered by the `entries_public` index). Projects
 * with nothing an anonymous reader may read are left out: their page would be empty, and the list says
 * nothing a reader could not already find. An `identified` project is never listed (docs/readers.md#access: nothing of it is listed anywhere public).
 */
export async function listPublicChangelogs(sql: Db, limit: number): Promise<PublicChangelogRow[]> {
  return sql<PublicChangelogRow[]>`
    select p.name, p.slug from projects p
    where p.access = 'public' and exists (
      select 1 from entries e
      where e.project_id = p.id and e.status = 'published' and e.visibility = 'external'
        and cardinality(e.segments) = 0
    )
    order by lower(p.name), p.slug
    limit ${limit}`;
}
