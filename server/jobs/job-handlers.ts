/**
 * What each job does: one handler per queue (graphile-worker's `Tasks` as the model), registered here and
 * nowhere else. Payload types are the queues' contract (queue/job-payloads.ts) and settings live beside
 * the queue (queue/queue-settings.ts): services enqueue through `JobQueue` without importing this file, so
 * handlers may call any service without an import circle. A queue without a handler is a type error.
 */
import { purgeAudit } from '../db/audit-log.ts';
import { finishDelivery, purgeDeliveries } from '../db/github.ts';
import { purgeIdempotencyKeys } from '../db/idempotency-keys.ts';
import { purgeRetiredReaderSecrets } from '../db/reader-secrets.ts';
import { purgeExpiredPending } from '../db/subscribers.ts';
import type { JobPayloads, QueueName } from '../queue/job-payloads.ts';
import { sendInvitation } from '../services/accounts/manage-members.ts';
import { sendPasswordReset } from '../services/accounts/reset-password.ts';
import type { ServiceContext } from '../services/context.ts';
import { deliverToChannel } from '../services/deliveries/deliver-to-channel.ts';
import { dispatchToChannels } from '../services/deliveries/dispatch-to-channels.ts';
import { learnDraftingProfile } from '../services/drafting/project-profile.ts';
import {
  adoptLegacyBatch,
  failEmailBatch,
  fanOutEntryEmail,
  sendEmailBatch,
} from '../services/engagement/email-subscribers.ts';
import { sendConfirmation } from '../services/engagement/manage-subscription.ts';
import { publishScheduled } from '../services/entries/schedule-entry.ts';
import { commentShipped } from '../services/github/comment-shipped.ts';
import { fetchReleaseCommits } from '../services/history/fetch-release-commits.ts';

/** What a handler knows of its job besides the payload. */
export type JobInfo = { id: string; signal: AbortSignal; output?: unknown };

export type JobLog = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** The handler of one job of payload `P`; a throw fails the job (and pg-boss retries it). */
export type JobHandler<P> = (ctx: ServiceContext, data: P, job: JobInfo, log: JobLog) => Promise<void>;

/** The message a failed job left (its `output`), for the dead-letter handler. */
function messageOf(output: unknown): string | null {
  const message = (output as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : null;
}

export const JOB_HANDLERS: { [Q in QueueName]: JobHandler<JobPayloads[Q]> } = {
  /** A subscribe request: the job decides whether a confirmation email is due, and sends it. */
  'subscription-requested': (ctx, { subscriberId }) => sendConfirmation(ctx, subscriberId),
  /** A release was published: its deliveries (email batches, and channels). */
  async 'entry-published'(ctx, { entryId }, { id }) {
    // Keyed by this job's id: if the job runs again, no second batch and no second delivery.
    await fanOutEntryEmail(ctx, entryId, id);
    await dispatchToChannels(ctx, entryId, id);
  },
  /** Email batches whose retries ran out: marked `failed`, kept. */
  async 'email-batch-failed'(ctx, { batchId }, job, log) {
    if (batchId) await failEmailBatch(ctx, batchId, messageOf(job.output), log);
  },
  /** One batch of subscriber emails of a release (services/engagement/email-subscribers.ts). */
  async 'email-batch'(ctx, data, job, log) {
    const batchId = data.batchId ?? (await adoptLegacyBatch(ctx, job.id, data.entryId, data.subscriberIds));
    if (batchId) await sendEmailBatch(ctx, batchId, job.signal, log);
  },
  /** One delivery attempt to a channel (Standard Webhooks' timing, Retry-After). */
  'channel-delivery': (ctx, { deliveryId }) => deliverToChannel(ctx, deliveryId),
  /**
   * One GitHub webhook delivery run through the App. A rate limit longer than a minute fails the attempt
   * and it is tried again later (services/github/create-github-app.ts).
   */
  async 'github-webhook'(ctx, { id, name, body }) {
    const github = ctx.github!;
    try {
      await github.receive({ id, name, payload: JSON.parse(body) } as Parameters<typeof github.receive>[0]);
    } catch (err) {
      await finishDelivery(
        ctx.sql,
        id,
        'failed',
        err instanceof Error ? err.message.slice(0, 500) : 'failed',
      );
      throw err;
    }
    await finishDelivery(ctx.sql, id, 'processed');
  },
  /** The App's "Shipped in …" comments; a retry comments on nothing twice (services/github/comment-shipped.ts). */
  'github-shipped': (ctx, { entryId }, _job, log) => commentShipped(ctx, entryId, log),
  /** A scheduled publish at its time: a retry publishes only a draft still scheduled for that time. */
  'entry-scheduled': (ctx, data) => publishScheduled(ctx, data),
  async 'account-email'(ctx, data) {
    if (data.kind === 'password-reset') await sendPasswordReset(ctx, data.email);
    else await sendInvitation(ctx, data.invitationId);
  },
  /**
   * A draft was published: the project's drafting profile is learned again from its history. Idempotent:
   * it learns from the entries as they are, so a retry or a second job gives the same profile.
   */
  async 'drafting-profile'(ctx, { projectId }) {
    await learnDraftingProfile(ctx, projectId);
  },
  /**
   * Releases imported without their commits: fetched from the linked repository through the App, then
   * the profile learned again. A retry fetches only what is still missing.
   */
  'history-commits': (ctx, data, _job, log) => fetchReleaseCommits(ctx, data, log),
  /**
   * Housekeeping: expired confirmation links, idempotency records, old GitHub delivery ids, reader
   * secrets whose 24 hours after a rotation have ended.
   */
  async housekeeping(ctx) {
    await purgeIdempotencyKeys(ctx.sql);
    await purgeRetiredReaderSecrets(ctx.sql);
    await purgeExpiredPending(ctx.sql);
    await purgeDeliveries(ctx.sql);
  },
  async 'audit-purge'(ctx) {
    await purgeAudit(ctx.sql);
  },
};
