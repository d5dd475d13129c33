/**
 * SQL for drafting profiles (one per project, migration 0015) and the releases they are learned from:
 * published entries that keep what they were made of (`entry_changes`), imported or drafted.
 */
import type { Sql, TransactionSql } from './connect.ts';
import type { ReleaseChanges } from './entries.ts';

type Db = Sql | TransactionSql;

export type DraftingProfileRow = {
  projectId: string;
  /** The learned counts (core/drafting/profile/learn-profile.ts `DraftingProfileModel`), or null. */
  profile: unknown;
  releasesLearned: number;
  resetAt: Date | null;
  updatedAt: Date;
};

export async function findDraftingProfile(
  sql: Db,
  projectId: string,
): Promise<DraftingProfileRow | undefined> {
  const [row] = await sql<DraftingProfileRow[]>`
    select * from drafting_profiles where project_id = ${projectId}`;
  return row;
}

/** Store the project's learned profile (replacing the last one; a reset time stays). */
export async function saveDraftingProfile(
  sql: Db,
  projectId: string,
  profile: object,
  releasesLearned: number,
): Promise<DraftingProfileRow> {
  const [row] = await sql<DraftingProfileRow[]>`
    insert into drafting_profiles (project_id, profile, releases_learned)
    values (${projectId}, ${sql.json(profile as never)}, ${releasesLearned})
    on conflict (project_id) do update
      set profile = excluded.profile, releases_learned = excluded.releases_learned,
          updated_at = date_trunc('milliseconds', now())
    returning *`;
  return row!;
}

/**
 * Forget what was learned: from now on only releases published or stored (imported, re-imported,
 * drafted) after this moment teach the profile (docs/api.md#import-history-and-the-drafting-profile).
 */
export async function resetDraftingProfile(sql: Db, projectId: string): Promise<void> {
  await sql`
    insert into drafting_profiles (project_id, profile, releases_learned, reset_at)
    values (${projectId}, null, 0, date_trunc('milliseconds', now()))
    on conflict (project_id) do update
      set profile = null, releases_learned = 0, reset_at = date_trunc('milliseconds', now()),
          updated_at = date_trunc('milliseconds', now())`;
}

/** A published release to learn from: its notes (the entry's body) and what it was made of. */
export type LearningRelease = { entryId: string; body: string; changes: ReleaseChanges; publishedAt: Date };

/**
 * The project's published entries that keep what they were made of, published or stored after its last
 * reset (an imported release is dated in the past, so its `kept_at` says when it came), oldest first, at
 * most `limit` (the newest).
 */
export async function listLearningReleases(
  sql: Db,
  projectId: string,
  limit = 100,
): Promise<LearningRelease[]> {
  const rows = await sql<LearningRelease[]>`
    select * from (
      select e.id as entry_id, e.body, c.changes, e.published_at
      from entries e
      join entry_changes c on c.entry_id = e.id
      left join drafting_profiles p on p.project_id = e.project_id
      where e.project_id = ${projectId} and e.status = 'published'
        and (p.reset_at is null or e.published_at > p.reset_at or c.kept_at > p.reset_at)
      order by e.published_at desc, e.id desc
      limit ${limit}
    ) newest
    order by published_at, entry_id`;
  return rows;
}

/** The bodies of the project's newest published entries (newest first): its own notes, as examples. */
export async function listRecentNotes(sql: Db, projectId: string, limit = 3): Promise<string[]> {
  const rows = await sql<{ body: string }[]>`
    select body from entries
    where project_id = ${projectId} and status = 'published' and length(body) > 0
    order by published_at desc, id desc
    limit ${limit}`;
  return rows.map((r) => r.body);
}
