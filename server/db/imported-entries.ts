/**
 * SQL of an import (docs/api.md#import-history-and-the-drafting-profile): the project's entries of some
 * versions, an imported entry replaced in place by its release imported again, and the commits fetched
 * later for imported releases that came without them.
 */
import type { Sql, TransactionSql } from './connect.ts';
import type { EntryRow } from './entries.ts';

/**
 * The project's entries whose version is one of `versions` (whatever made them or their component),
 * locked until the commit. Imports of one project take turns from here (a transaction-scoped advisory
 * lock, which also covers the inserts that follow), so two imports of one version make one entry.
 */
export async function lockEntriesOfVersions(
  tx: TransactionSql,
  projectId: string,
  versions: readonly string[],
): Promise<EntryRow[]> {
  await tx`select pg_advisory_xact_lock(hashtext(${`import:${projectId}`}))`;
  if (versions.length === 0) return [];
  return tx<EntryRow[]>`
    select * from entries
    where project_id = ${projectId} and version in ${tx(versions as string[])}
    order by created_at, id
    for update`;
}

export type ImportedContent = Pick<EntryRow, 'title' | 'body' | 'html' | 'category' | 'sourceRepository'> & {
  publishedAt: Date;
};

/**
 * Replace what an imported entry says with its release imported again: its notes, title, category and
 * source. What the team decided since stays: status, visibility, schedule, segments, summary, announce
 * (docs/api.md#import-history-and-the-drafting-profile). A published entry takes the release's date
 * (its first publish too: an imported release was first published then). Id and slug stay.
 */
export async function replaceImportedEntry(
  tx: TransactionSql,
  projectId: string,
  id: string,
  content: ImportedContent,
): Promise<EntryRow> {
  const [row] = await tx<EntryRow[]>`
    update entries
    set title = ${content.title}, body = ${content.body}, html = ${content.html},
        category = ${content.category}, source_repository = ${content.sourceRepository}, edited_at = null,
        published_at = case when status = 'published' then ${content.publishedAt} else published_at end,
        first_published_at = case when status = 'published' then ${content.publishedAt}
                                  else first_published_at end,
        updated_at = date_trunc('milliseconds', now())
    where project_id = ${projectId} and id = ${id} and origin = 'import'
    returning *`;
  return row!;
}

/** Forget what entry `entryId`'s release was made of (a release imported again without its commits). */
export async function deleteEntryChanges(tx: TransactionSql, entryId: string): Promise<void> {
  await tx`delete from entry_changes where entry_id = ${entryId}`;
}

/** An imported release of a project, and whether what it was made of (its commits) is stored. */
export type ImportedRelease = { id: string; version: string; hasChanges: boolean };

/** The project's imported entries that carry a version, newest first (by publish date). */
export async function listImportedReleases(
  sql: Sql | TransactionSql,
  projectId: string,
): Promise<ImportedRelease[]> {
  return sql<ImportedRelease[]>`
    select e.id, e.version, (c.entry_id is not null) as has_changes
    from entries e left join entry_changes c on c.entry_id = e.id
    where e.project_id = ${projectId} and e.origin = 'import' and e.version is not null
    order by e.published_at desc nulls last, e.id`;
}

/**
 * Store the commits fetched for an imported entry that has none yet; an entry that got its commits
 * meanwhile (a re-import with them) keeps those. Inside a transaction with the entry still imported.
 * @returns true when stored.
 */
export async function addMissingEntryChanges(
  tx: TransactionSql,
  entryId: string,
  changes: { commits: string[] },
): Promise<boolean> {
  const rows = await tx`
    insert into entry_changes (entry_id, changes)
    select id, ${tx.json(changes)} from entries where id = ${entryId} and origin = 'import'
    on conflict (entry_id) do nothing
    returning entry_id`;
  return rows.length > 0;
}
