/** SQL for the projects whose public changelog has something to read (the root page lists them). */
import type { Sql, TransactionSql } from './connect.ts';

type Db = Sql | TransactionSql;

export type PublicChangelogRow = { name: string; slug: string };

/**
 * The projects with at least one published external entry, by name, at most `limit` (one `exists`
 * per project, answered by the `entries_public` index). Projects with nothing public are left out:
 * their page would be empty, and the list says nothing a reader could not already find.
 */
export async function listPublicChangelogs(sql: Db, limit: number): Promise<PublicChangelogRow[]> {
  return sql<PublicChangelogRow[]>`
    select p.name, p.slug from projects p
    where exists (
      select 1 from entries e
      where e.project_id = p.id and e.status = 'published' and e.visibility = 'external'
    )
    order by lower(p.name), p.slug
    limit ${limit}`;
}
