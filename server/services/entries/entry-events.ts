/**
 * The one seam after an entry changes (architecture: "side effects of a state change happen in one
 * place, inside the transaction that makes the change"). Services run their writes in
 * `withEntryEvents`, and say what happened with `record(event, entry)`:
 * - inside the transaction, what must commit with the change: the NOTIFY that tells every other
 *   instance (delivered only if the transaction commits), and, for a release, its dispatch job
 *   (`entry-published`: email to subscribers), so a crash can lose neither; for an entry drafted from
 *   a pull request or a release, with the GitHub App mounted, its "Shipped in …" comments
 *   (`github-shipped`, once per pull request or issue however often it is published); and for a
 *   published draft, the project's drafting profile learned again (`drafting-profile`);
 * - after the commit, once per project: this instance's widget cache is refreshed.
 * Nothing else refreshes caches or notifies instances; a rolled-back change does neither.
 */
import type { Sql, TransactionSql } from '../../db/connect.ts';
import type { EntryRow } from '../../db/entries.ts';
import { notifyProjectChanged } from '../../db/notifications.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { WidgetCache } from '../widget-cache.ts';

/**
 * - `published`: a release (a draft published, or created published): dispatched;
 * - `scheduled`: a draft got a publish time: a job publishes it then (`entry-scheduled`);
 * - `changed`: what readers see of a published entry changed (an edit, a reaction);
 * - `unpublished`, `deleted`: a published entry left the public views (nothing delivered is recalled);
 * - `imported`: a release of the project's history came in published (docs/api.md#import-history-and-the-drafting-profile): shown at once, never dispatched (no email, channel, comment or job).
 * Changes to drafts are not events: no reader sees them.
 */
export type EntryEvent = 'published' | 'scheduled' | 'changed' | 'unpublished' | 'deleted' | 'imported';

export type RecordEvent = (
  event: EntryEvent,
  entry: Pick<EntryRow, 'projectId'> & {
    id?: string;
    scheduledFor?: Date | null;
    sourceRepository?: string | null;
    origin?: EntryRow['origin'];
  },
) => Promise<void>;

/** `github`: the App when mounted (its jobs are queued only then: no worker would take them otherwise). */
type SeamContext = {
  sql: Sql;
  /** The widget cache: a committed change drops its project's widgets. */
  widgetCache: Pick<WidgetCache, 'invalidate'>;
  jobs: JobQueue;
  github?: object | null;
};

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
      if (event === 'published' && entry.id && entry.sourceRepository && ctx.github)
        await ctx.jobs.send(tx, 'github-shipped', { entryId: entry.id }, { group: entry.sourceRepository });
      // What the team kept, removed and reworded of a draft teaches the project's drafting profile.
      if (event === 'published' && entry.origin === 'generate')
        await ctx.jobs.send(
          tx,
          'drafting-profile',
          { projectId: entry.projectId },
          { group: entry.projectId },
        );
      if (event === 'scheduled' && entry.id && entry.scheduledFor) {
        const at = entry.scheduledFor;
        await ctx.jobs.send(
          tx,
          'entry-scheduled',
          { entryId: entry.id, at: at.toISOString() },
          { startAfter: at },
        );
        // Nothing public changed: no notification, no cache refresh.
        return;
      }
      if (projects.has(entry.projectId)) return;
      projects.add(entry.projectId);
      await notifyProjectChanged(tx, entry.projectId);
    };
    return work(tx, record);
  });
  for (const projectId of projects) ctx.widgetCache.invalidate(projectId);
  return result as T;
}
