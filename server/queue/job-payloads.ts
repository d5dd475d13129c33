/**
 * What each job queue carries: the payload type of every queue, by name. A leaf module (it imports
 * nothing), so that services that enqueue work, the queue that stores it and the handlers that do it all
 * read one contract without importing one another: `JobQueue.send(db, 'entry-published', { entryId })`
 * type-checks against this map, and the handler registry (jobs/job-handlers.ts) must handle every key.
 */

/** An account email: the job makes its link (a reset, an invitation) and sends it. */
export type AccountEmailJob =
  { kind: 'password-reset'; email: string } | { kind: 'invitation'; invitationId: string };

/** One GitHub webhook delivery as received: its id (`X-GitHub-Delivery`), event name and raw body. */
export type WebhookJob = { id: string; name: string; body: string };

/** An email batch job: a batch row's id, or the older form this version adopts as a batch. */
export type EmailBatchJob =
  { batchId: string } | { batchId?: undefined; entryId: string; subscriberIds: string[] };

/** Every queue's payload, by queue name. */
export interface JobPayloads {
  'subscription-requested': { subscriberId: string };
  'entry-published': { entryId: string };
  'email-batch-failed': { batchId?: string };
  'email-batch': EmailBatchJob;
  'channel-delivery': { deliveryId: string };
  'github-webhook': WebhookJob;
  'github-shipped': { entryId: string };
  /** `at`: the ISO time the draft was scheduled for; a job for an older schedule publishes nothing. */
  'entry-scheduled': { entryId: string; at: string };
  'account-email': AccountEmailJob;
  'drafting-profile': { projectId: string };
  /** Imported releases of `projectId` without their commits: fetched from `repository` through the App. */
  'history-commits': { projectId: string; repository: string };
  housekeeping: Record<string, never>;
  'audit-purge': Record<string, never>;
}

export type QueueName = keyof JobPayloads;

/** The payload type of queue `Q`, as its handler reads it. */
export type JobPayload<Q extends QueueName> = JobPayloads[Q];
