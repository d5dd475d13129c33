/**
 * Account emails (password reset links, invitations) go through the durable job queue the rest of
 * Shiplog uses (the `account-email` queue of jobs/job-handlers.ts): a request enqueues in its own
 * transaction and answers at once; the job decides whether an email is due, makes its link and sends it,
 * with retries. Like a subscribe request, a reset request does the same work whatever the address (no
 * enumeration).
 */
import type { Sql, TransactionSql } from '../../db/connect.ts';
import type { AccountEmailJob } from '../../queue/job-payloads.ts';
import type { JobQueue } from '../../queue/job-queue.ts';

/** Enqueue an account email; pass the caller's transaction so that it commits with the change. */
export async function enqueueAccountEmail(
  jobs: Pick<JobQueue, 'send'>,
  db: Sql | TransactionSql,
  job: AccountEmailJob,
): Promise<void> {
  await jobs.send(db, 'account-email', job);
}
