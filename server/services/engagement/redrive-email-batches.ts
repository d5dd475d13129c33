/**
 * Failed email batches, for operators (`shiplog deliveries failed`, `shiplog deliveries retry`): a
 * batch whose retries ran out stays `failed` with its last error, and is sent again on demand. A
 * re-driven batch sends only to the recipients still owed its entry (services/engagement/
 * email-subscribers.ts), with the queue's full retry schedule.
 */
import type { Sql } from '../../db/connect.ts';
import { type FailedBatchRow, listFailedBatches, reopenBatch } from '../../db/email-deliveries.ts';
import { NotFoundError } from '../../errors/errors.ts';
import type { JobQueue } from '../../queue/job-queue.ts';

export type FailedEmailBatch = {
  id: string;
  project: string;
  entryId: string;
  entryTitle: string;
  /** Recipients of the batch, and how many of them (still confirmed) have not been sent the entry. */
  recipients: number;
  unsent: number;
  attempts: number;
  lastError: string | null;
  failedAt: string;
};

function present(row: FailedBatchRow): FailedEmailBatch {
  return {
    id: row.id,
    project: row.projectSlug,
    entryId: row.entryId,
    entryTitle: row.entryTitle,
    recipients: row.recipients,
    unsent: row.unsent,
    attempts: row.attempts,
    lastError: row.lastError,
    failedAt: row.updatedAt.toISOString(),
  };
}

/** Every failed batch, oldest failure first. */
export async function listFailedEmailBatches(sql: Sql): Promise<FailedEmailBatch[]> {
  return (await listFailedBatches(sql)).map(present);
}

/**
 * Send failed batches again: each goes back to `pending` with a new job, in one transaction.
 * @param which batch ids, or `all` failed ones.
 * @returns the batches re-queued (as they were listed).
 * @throws NotFoundError naming an id that is not a failed batch (nothing is re-queued then).
 */
export async function retryFailedEmailBatches(
  ctx: { sql: Sql; jobs: Pick<JobQueue, 'send'> },
  which: readonly string[] | 'all',
): Promise<FailedEmailBatch[]> {
  const rows = await listFailedBatches(ctx.sql, which === 'all' ? undefined : which);
  if (which !== 'all') {
    const missing = which.find((id) => !rows.some((r) => r.id === id));
    if (missing) {
      throw new NotFoundError(
        `No failed email batch ${missing}; list them with: npx shiplog deliveries failed`,
      );
    }
  }
  return ctx.sql.begin(async (tx) => {
    const requeued: FailedEmailBatch[] = [];
    for (const row of rows) {
      if (!(await reopenBatch(tx, row.id))) continue;
      await ctx.jobs.send(tx, 'email-batch', { batchId: row.id });
      requeued.push(present(row));
    }
    return requeued;
  });
}
