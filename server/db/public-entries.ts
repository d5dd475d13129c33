/** SQL for what readers see: published external entries (widget, feeds, changelog page, reactions). */
import type { Sql, TransactionSql } from './connect.ts';
import type { EntryRow } from './entries.ts';

type Db = Sql | TransactionSql;

export type PublicEntryRow = Pick<
  EntryRow,
  'id' | 'title' | 'slug' | 'version' | 'category' | 'publishedAt' | 'html'
>;

/**
 * The newest `limit` published external entries: what the widget and the feeds show.
 * @param component only the entries of this monorepo component.
 */
export async function listPublicEntries(
  sql: Db,
  projectId: string,
  limit: number,
  component?: string,
): Promise<PublicEntryRow[]> {
  return sql<PublicEntryRow[]>`
    select id, title, slug, version, category, published_at, html from entries
    where project_id = ${projectId} and status = 'published' and visibility = 'external'
      ${component ? sql`and component = ${component}` : sql``}
    order by published_at desc, id desc
    limit ${limit}`;
}

/** A published external entry (the only kind readers can react to) with its project's emoji list. */
export async function findPublicEntryWithProject(
  sql: Db,
  id: string,
): Promise<{ id: string; projectId: string; reactions: string[] } | undefined> {
  const [row] = await sql<{ id: string; projectId: string; reactions: string[] }[]>`
    select e.id, e.project_id, p.reactions from entries e join projects p on p.id = e.project_id
    where e.id = ${id} and e.status = 'published' and e.visibility = 'external'`;
  return row;
}

/**
 * The project of each of `ids` that is a published external entry: what a reader can have seen, and so
 * all an analytics event may name. Drafts and internal entries are left out, as if they did not exist.
 */
export async function findPublicEntryProjects(sql: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ id: string; projectId: string }[]>`
    select id, project_id from entries
    where id in ${sql(ids as string[])} and status = 'published' and visibility = 'external'`;
  return new Map(rows.map((e) => [e.id, e.projectId]));
}

/** A published external entry of a project by its slug (the changelog page of one entry). */
export async function findPublicEntryBySlug(
  sql: Db,
  projectId: string,
  slug: string,
): Promise<PublicEntryRow | undefined> {
  const [row] = await sql<PublicEntryRow[]>`
    select id, title, slug, version, category, published_at, html from entries
    where project_id = ${projectId} and slug = ${slug} and status = 'published' and visibility = 'external'`;
  return row;
}
