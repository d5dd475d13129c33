/**
 * Scheduling (docs/api.md#entries): `POST /api/v1/entries/{id}/publish {"at": …}` (and
 * `publishAt` on create and generate) keeps the entry a draft with `scheduledFor` set, and a durable job
 * (`entry-scheduled`, written in the same transaction) publishes it at that time: dispatched as usual,
 * at most a minute late (workers poll every 0.5 s; a job whose worker died is covered by the sweeper,
 * jobs/scheduled-sweeper.ts, which gives the bound), and once: the job publishes only while the entry is
 * still a draft scheduled for that very time, under a row lock, so a retried job, a second server or a
 * restart publishes nothing twice, and a cancelled or moved schedule leaves its old job nothing to do.
 * The sweeper publishes the same way (a draft still scheduled, under the same lock). Editing an entry
 * keeps its schedule.
 */
import type { TransactionSql } from '../../db/connect.ts';
import {
  type EntryRow,
  lockOverdueScheduledEntries,
  lockScheduledEntry,
  setEntrySchedule,
  setEntryStatus,
} from '../../db/entries.ts';
import { ConflictError, InvalidError, NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import type { RecordEvent } from './entry-events.ts';
import { withEntryEvents } from './entry-events.ts';
import { entryChange, recordAudit } from '../audit/record-audit.ts';

/**
 * @param pointer where `at` was in the request (`/at`, `/publishAt`), for the error.
 * @throws InvalidError when `at` is not in the future.
 */
export function assertFuture(at: Date, pointer: string, now: Date = new Date()): void {
  if (at.getTime() <= now.getTime())
    throw new InvalidError(`${pointer.slice(1)} must be in the future`, [
      { pointer, detail: 'Must be in the future' },
    ]);
}

/**
 * In the caller's transaction: give the draft `id` its publish time, and its job.
 * @throws NotFoundError for an unknown id; ConflictError for an entry that is already published.
 */
export async function scheduleInTransaction(
  tx: TransactionSql,
  record: RecordEvent,
  projectId: string,
  id: string,
  at: Date,
): Promise<EntryRow> {
  const row = await setEntrySchedule(tx, projectId, id, at);
  if (!row) throw new NotFoundError(`No entry ${id} in this project`);
  if (row.status !== 'draft') throw new ConflictError('The entry is already published; unpublish it first');
  await record('scheduled', row);
  return row;
}

/** Schedule a draft's publish at `at` (in the future). */
export async function scheduleEntry(
  ctx: ServiceContext,
  projectId: string,
  id: string,
  at: Date,
  beforeCommit?: (tx: TransactionSql, row: EntryRow) => Promise<void>,
): Promise<EntryRow> {
  assertFuture(at, '/at');
  return withEntryEvents(ctx, async (tx, record) => {
    const row = await scheduleInTransaction(tx, record, projectId, id, at);
    await recordAudit(tx, projectId, entryChange('entry.scheduled', row, { scheduledFor: at.toISOString() }));
    await beforeCommit?.(tx, row);
    return row;
  });
}

/** Cancel a draft's scheduled publish (`DELETE /api/v1/entries/{id}/schedule`); none is fine. */
export async function cancelSchedule(ctx: ServiceContext, projectId: string, id: string): Promise<EntryRow> {
  return ctx.sql.begin(async (tx) => {
    const row = await setEntrySchedule(tx, projectId, id, null);
    if (!row) throw new NotFoundError(`No entry ${id} in this project`);
    await recordAudit(tx, projectId, entryChange('entry.schedule_cancelled', row));
    return row;
  });
}

/** The `entry-scheduled` job: publish the draft if it is still scheduled for `at`. */
export async function publishScheduled(
  ctx: ServiceContext,
  job: { entryId: string; at: string },
): Promise<void> {
  await withEntryEvents(ctx, async (tx, record) => {
    const row = await lockScheduledEntry(tx, job.entryId, new Date(job.at));
    if (!row) return;
    const changed = await setEntryStatus(tx, row.projectId, row.id, 'published');
    if (changed?.changed) await record('published', changed.row);
  });
}

/**
 * The sweeper's pass (jobs/scheduled-sweeper.ts): publish, as their jobs would, the drafts whose
 * scheduled time passed more than `graceSeconds` ago, `batchSize` per transaction until none is left.
 * Each is locked (skipping rows another transaction holds) and still a scheduled draft when published,
 * so a job or another server's pass that runs before or after publishes nothing twice: the entry is no
 * longer a draft, and its `scheduled_for` is cleared.
 * @returns the ids published, oldest schedule first.
 */
export async function publishOverdueScheduled(
  ctx: ServiceContext,
  graceSeconds: number,
  batchSize = 100,
): Promise<string[]> {
  const published: string[] = [];
  for (;;) {
    const batch = await withEntryEvents(ctx, async (tx, record) => {
      const ids: string[] = [];
      for (const row of await lockOverdueScheduledEntries(tx, graceSeconds, batchSize)) {
        const changed = await setEntryStatus(tx, row.projectId, row.id, 'published');
        if (changed?.changed) {
          await record('published', changed.row);
          ids.push(row.id);
        }
      }
      return ids;
    });
    published.push(...batch);
    if (batch.length < batchSize) return published;
  }
}
