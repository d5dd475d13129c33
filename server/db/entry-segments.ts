/**
 * SQL for the segments a project's entries name (migration 0016, `entries.segments`): what the editor's
 * segment picker offers.
 */
import type { Sql } from './connect.ts';

/** At most this many names are listed: far more than a project's audiences, a bound on the answer. */
export const MAX_LISTED_SEGMENTS = 500;

/** The distinct segment names of `projectId`'s entries (drafts included), in alphabetical order. */
export async function listEntrySegments(sql: Sql, projectId: string): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    select distinct unnest(segments) as name
      from entries
     where project_id = ${projectId} and cardinality(segments) > 0
     order by name
     limit ${MAX_LISTED_SEGMENTS}`;
  return rows.map((r) => r.name);
}
