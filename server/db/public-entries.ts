/**
 * SQL for what readers see: published external entries (widget, feeds, changelog page, reactions),
 * of those with segments only the ones a reader's segments name (docs/api.md#readers-and-audiences-segments-summary-announcements).
 * Every query here takes the reader's `segments` (none for an anonymous reader) and applies
 * {@link visibleTo}: an entry a reader may not see is, for them, an entry that does not exist.
 */
import type { Sql, TransactionSql } from './connect.ts';
import type { EntryRow } from './entries.ts';

type Db = Sql | TransactionSql;

export type PublicEntryRow = Pick<
  EntryRow,
  | 'id'
  | 'title'
  | 'slug'
  | 'version'
  | 'category'
  | 'publishedAt'
  | 'updatedAt'
  | 'html'
  | 'summary'
  | 'announce'
>;

/**
 * The condition of an entry a reader with `segments` may see: one for everyone (no segments), or one
 * whose segments overlap the reader's. Anonymous readers (no segments) see only the former.
 */
export function visibleTo(sql: Db, segments: readonly string[]) {
  return segments.length === 0
    ? sql`cardinality(segments) = 0`
    : sql`(cardinality(segments) = 0 or segments && ${segments as string[]}::text[])`;
}

/**
 * The newest `limit` published external entries a reader with `segments` may see: what the widget and
 * the feeds show.
 * @param component only the entries of this monorepo component.
 */
export async function listPublicEntries(
  sql: Db,
  projectId: string,
  limit: number,
  component: string | undefined,
  segments: readonly string[],
): Promise<PublicEntryRow[]> {
  return sql<PublicEntryRow[]>`
    select id, title, slug, version, category, published_at, updated_at, html, summary, announce from entries
    where project_id = ${projectId} and status = 'published' and visibility = 'external'
      and ${visibleTo(sql, segments)}
      ${component ? sql`and component = ${component}` : sql``}
    order by published_at desc, id desc
    limit ${limit}`;
}

/**
 * A published external entry (the only kind readers can react to) with its project's emoji list;
 * undefined too for an entry with segments the reader's `segments` (none: anonymous) do not name.
 */
export async function findPublicEntryWithProject(
  sql: Db,
  id: string,
  segments: readonly string[] = [],
): Promise<{ id: string; projectId: string; reactions: string[] } | undefined> {
  const [row] = await sql<{ id: string; projectId: string; reactions: string[] }[]>`
    select e.id, e.project_id, p.reactions from entries e join projects p on p.id = e.project_id
    where e.id = ${id} and e.status = 'published' and e.visibility = 'external'
      and ${visibleTo(sql, segments)}`;
  return row;
}

/**
 * The project of each of `ids` that is a published external entry a reader with `segments` (none:
 * anonymous) may see: what they can have seen, and so all an analytics event may name. Drafts,
 * internal entries and entries for other segments are left out, as if they did not exist.
 */
export async function findPublicEntryProjects(
  sql: Db,
  ids: readonly string[],
  segments: readonly string[] = [],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ id: string; projectId: string }[]>`
    select id, project_id from entries
    where id in ${sql(ids as string[])} and status = 'published' and visibility = 'external'
      and ${visibleTo(sql, segments)}`;
  return new Map(rows.map((e) => [e.id, e.projectId]));
}

/** A published external entry of a project by its slug that `segments` may see (the page of one entry). */
export async function findPublicEntryBySlug(
  sql: Db,
  projectId: string,
  slug: string,
  segments: readonly string[],
): Promise<PublicEntryRow | undefined> {
  const [row] = await sql<PublicEntryRow[]>`
    select id, title, slug, version, category, published_at, updated_at, html, summary, announce from entries
    where project_id = ${projectId} and slug = ${slug} and status = 'published' and visibility = 'external'
      and ${visibleTo(sql, segments)}`;
  return row;
}

/**
 * Whether entry `id` is emailed to the project's subscribers (docs/api.md#readers-and-audiences-segments-summary-announcements):
 * published, external, for everyone (subscribers are anonymous: they carry no segments), of a project
 * whose changelog is public (an `identified` one is for readers the host app vouches for).
 */
export async function isEmailedToSubscribers(sql: Db, id: string): Promise<boolean> {
  const [row] = await sql<{ yes: boolean }[]>`
    select exists (
      select 1 from entries e join projects p on p.id = e.project_id
      where e.id = ${id} and e.status = 'published' and e.visibility = 'external'
        and cardinality(e.segments) = 0 and p.access = 'public'
    ) as yes`;
  return row!.yes;
}
