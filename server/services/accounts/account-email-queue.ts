/**
 * The durable queue of account emails (password reset links, invitations), on the job queue the rest
 * of Shiplog uses: a request enqueues in its own transaction and answers at once; the job decides
 * whether an email is due, makes its link and sends it, with retries.
 * Like a subscribe request, a reset request does the same work whatever the address (no enumeration).
 */
import { randomUUID } from 'node:crypto';
import type { Sql, TransactionSql } from '../../db/connect.ts';
import { bossDatabase } from '../../jobs/boss-database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';

export const ACCOUNT_EMAIL_QUEUE = 'account-email';
/**
 * Retries with exponential backoff: 10–20 s after the first failure, doubling, then every 30 min, 20
 * times (about 7 hours): an SMTP outage of an afternoon loses no link. A link is made when its email is
 * sent, so a late email's link still has its whole validity.
 */
const QUEUE_OPTIONS = {
  retryLimit: 20,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 1800,
  expireInSeconds: 60,
};

export type AccountEmailJob =
  { kind: 'password-reset'; email: string } | { kind: 'invitation'; invitationId: string };

/**
 * Make (or bring up to date) the queue, and look it up once outside any transaction: pg-boss resolves a
 * queue on first use through its own connection, which on the embedded database would wait for the
 * one connection a sending transaction holds.
 */
export async function prepareAccountEmailQueue(jobs: Pick<JobQueue, 'boss'>): Promise<void> {
  await jobs.boss.createQueue(ACCOUNT_EMAIL_QUEUE, QUEUE_OPTIONS);
  await jobs.boss.updateQueue(ACCOUNT_EMAIL_QUEUE, QUEUE_OPTIONS);
  await jobs.boss.getJobById(ACCOUNT_EMAIL_QUEUE, randomUUID());
}

/** Enqueue an account email; pass the caller's transaction so that it commits with the change. */
export async function enqueueAccountEmail(
  jobs: Pick<JobQueue, 'boss'>,
  db: Sql | TransactionSql,
  job: AccountEmailJob,
): Promise<void> {
  await jobs.boss.send(ACCOUNT_EMAIL_QUEUE, job, { db: bossDatabase(db) });
}
