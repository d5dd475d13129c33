/**
 * SQL of an import (docs/api.md#import-history-and-the-drafting-profile): the project's entries of some
 * versions, and an imported entry replaced in place by its release imported again.
 */
import type { TransactionSql } from './connect.ts';
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
