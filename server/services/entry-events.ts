/**
 * The one seam after an entry changes (architecture: "side effects of a state change happen in one
 * place, inside the transaction that makes the change"). Services run their writes in
 * `withEntryEvents`, and say what happened with `record(event, entry)`:
 * - inside the transaction, what must commit with the change: the NOTIFY that tells every other
 *   instance (delivered only if the transaction commits), and, for a release, its dispatch job
 *   (`entry-published`: email to subscribers), so a crash can lose neither;
 * - after the commit, once per project: this instance's widget cache is refreshed.
 * Nothing else refreshes caches or notifies instances; a rolled-back change does neither.
 */
import type { Sql, TransactionSql } from '../db/connect.ts';
import type { EntryRow } from '../db/entries.ts';
import { notifyProjectChanged } from '../db/notifications.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { WidgetCache } from './widget-cache.ts';

/**
 * - `published`: a release (a draft published, or created published): dispatched;
 * - `changed`: what readers see of a published entry changed (an edit, a reaction);
 * - `unpublished`, `deleted`: a published entry left the public views (nothing delivered is recalled).
 * Changes to drafts are not events: no reader sees them.
 */
export type EntryEvent = 'published' | 'changed' | 'unpublished' | 'deleted';

export type RecordEvent = (
  event: EntryEvent,
  entry: Pick<EntryRow, 'projectId'> & { id?: string },
) => Promise<void>;

type SeamContext = { sql: Sql; widgetCache: WidgetCache; jobs: JobQueue };

/**
 * Run `work` in a transaction; the events it records commit with it and refresh caches after.
 * @returns what `work` returns. Errors roll everything back, events included.
 */
export async function withEntryEvents<T>(
  ctx: SeamContext,
  work: (tx: TransactionSql, record: RecordEvent) => Promise<T>,
): Promise<T> {
  const projects = new Set<string>();
  const result = await ctx.sql.begin(async (tx) => {
    const record: RecordEvent = async (event, entry) => {
      if (event === 'published' && entry.id)
        await ctx.jobs.send(tx, 'entry-published', { entryId: entry.id });
      if (projects.has(entry.projectId)) return;
      projects.add(entry.projectId);
      await notifyProjectChanged(tx, entry.projectId);
    };
    return work(tx, record);
  });
  for (const projectId of projects) ctx.widgetCache.invalidate(projectId);
  return result as T;
}
