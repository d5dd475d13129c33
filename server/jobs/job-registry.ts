/**
 * One typed registry of the job queues (graphile-worker's `Tasks` as the model): each queue's name, its
 * pg-boss settings (retries, expiry), its payload type, how this instance works it, and its handler, in
 * one place. `JobQueue.send()` takes a queue name and that queue's payload type, so a job sent is a job
 * some handler reads; a queue without a handler, or a handler of the wrong payload, is a type error.
 */
import type { PgBoss, WorkOptions } from 'pg-boss';
import { purgeAudit } from '../db/audit-log.ts';
import { finishDelivery, purgeDeliveries } from '../db/github.ts';
import { purgeIdempotencyKeys } from '../db/idempotency-keys.ts';
import { purgeExpiredPending } from '../db/subscribers.ts';
import type { AccountEmailJob } from '../services/accounts/account-email-queue.ts';
import { sendInvitation } from '../services/accounts/manage-members.ts';
import { sendPasswordReset } from '../services/accounts/reset-password.ts';
import type { ServiceContext } from '../services/context.ts';
import { deliverToChannel } from '../services/deliveries/deliver-to-channel.ts';
import { dispatchToChannels } from '../services/deliveries/dispatch-to-channels.ts';
import {
  adoptLegacyBatch,
  failEmailBatch,
  fanOutEntryEmail,
  sendEmailBatch,
} from '../services/engagement/email-subscribers.ts';
import { sendConfirmation } from '../services/engagement/manage-subscription.ts';
import type { WebhookJob } from '../services/github/accept-webhook.ts';
import { commentShipped } from '../services/github/comment-shipped.ts';
import { learnDraftingProfile } from '../services/drafting/project-profile.ts';
import { publishScheduled } from '../services/entries/schedule-entry.ts';

/**
 * Retries of email work, long enough for an SMTP (or database) outage of a day to lose nothing.
 * pg-boss waits min(retryDelayMax, retryDelay · 2^r · (1 + random)) seconds after the failure of try r
 * (r = 0 for the first; pg-boss plans.js `failJobs`), and gives up after `retryLimit` retries. Here:
 * 10–20 s, 20–40 s, … 1280–1800 s (r = 7), then every 30 min: 55 retries, the last starting between
 * 87,150 s (24 h 12 min) and 88,940 s (24 h 42 min) after the first failure.
 */
export const EMAIL_RETRY = {
  retryLimit: 55,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 1800,
} as const;

/** How often an idle worker asks for jobs, in seconds (pg-boss's minimum). */
const POLLING_SECONDS = 0.5;

/**
 * Jobs are fetched up to 20 at a time and run side by side; while fetches come back full the worker
 * fetches again at once (a fan-out is not paced by the polling interval). Each job settles on its own:
 * one that throws is retried alone.
 */
const BATCHED = {
  pollingIntervalSeconds: POLLING_SECONDS,
  batchSize: 20,
  burstWhenBatchFull: true,
  perJobResults: true,
} as const;

/**
 * Channel deliveries wait on receivers (up to the 10 s budget of an attempt), so they are worked by 4
 * workers of 2 jobs each, each settling its own pair and fetching again at once while its fetches come
 * back full; one project runs at most 2 attempts at a time on a server (jobs carry the project as their
 * group; a job over the count goes back to the queue at once). A project whose receivers hang holds at
 * most 2 of a server's 4 workers, and the others keep fetching every other project's deliveries.
 */
export const CHANNEL_WORKERS = {
  pollingIntervalSeconds: POLLING_SECONDS,
  localConcurrency: 4,
  batchSize: 2,
  burstWhenBatchFull: true,
  // Counted in this server's memory, so exact: pg-boss's database-wide count (groupConcurrency) is taken
  // as each fetch runs, and this server's 4 workers fetching at the same moment could each take 2.
  localGroupConcurrency: 2,
  perJobResults: true,
} as const;

/** What a handler knows of its job besides the payload. */
export type JobInfo = { id: string; signal: AbortSignal; output?: unknown };

export type JobLog = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** One queue: its settings, how it is worked, and its handler for one job of payload `P`. */
export type JobDefinition<P> = {
  queue: NonNullable<Parameters<PgBoss['createQueue']>[1]>;
  /** Worker options; each job settles on its own (perJobResults). */
  work: Omit<WorkOptions, 'perJobResults'> & { includeMetadata?: boolean };
  /** A cron schedule (UTC) on which pg-boss sends the queue a job, for periodic work. */
  schedule?: string;
  /** Whether this instance works the queue (the App's queue only with the App mounted). */
  enabled?: (ctx: ServiceContext) => boolean;
  handle: (ctx: ServiceContext, data: P, job: JobInfo, log: JobLog) => Promise<void>;
};

/** Ties a definition to its payload type (the type argument is the queue's contract). */
function job<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** The message a failed job left (its `output`), for the dead-letter handler. */
function messageOf(output: unknown): string | null {
  const message = (output as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : null;
}

/** An email batch job: a batch row's id, or the older form this version adopts as a batch. */
type EmailBatchJob = { batchId: string } | { batchId?: undefined; entryId: string; subscriberIds: string[] };

export const JOBS = {
  /** A subscribe request: the job decides whether a confirmation email is due, and sends it. */
  'subscription-requested': job<{ subscriberId: string }>({
    queue: { ...EMAIL_RETRY, expireInSeconds: 60 },
    work: BATCHED,
    handle: (ctx, { subscriberId }) => sendConfirmation(ctx, subscriberId),
  }),
  /** A release was published: its deliveries (email batches, and channels). */
  'entry-published': job<{ entryId: string }>({
    queue: { ...EMAIL_RETRY, expireInSeconds: 60 },
    work: BATCHED,
    async handle(ctx, { entryId }, { id }) {
      // Keyed by this job's id: if the job runs again, no second batch and no second delivery.
      await fanOutEntryEmail(ctx, entryId, id);
      await dispatchToChannels(ctx, entryId, id);
    },
  }),
  /**
   * Email batches whose retries ran out (dead letters of `email-batch`, so made before it): marked
   * `failed`, kept.
   */
  'email-batch-failed': job<{ batchId?: string }>({
    queue: { retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 60 },
    work: { ...BATCHED, includeMetadata: true },
    async handle(ctx, { batchId }, job, log) {
      if (batchId) await failEmailBatch(ctx, batchId, messageOf(job.output), log);
    },
  }),
  /**
   * One batch of subscriber emails of a release. Its worker refreshes a heartbeat every 5 s: a batch
   * whose worker died is taken back after 30 s without one (and retried), while a live one may run up
   * to its own time budget (services/engagement/email-subscribers.ts).
   */
  'email-batch': job<EmailBatchJob>({
    queue: { ...EMAIL_RETRY, expireInSeconds: 600, heartbeatSeconds: 30, deadLetter: 'email-batch-failed' },
    work: { ...BATCHED, heartbeatRefreshSeconds: 5 },
    async handle(ctx, data, job, log) {
      const batchId = data.batchId ?? (await adoptLegacyBatch(ctx, job.id, data.entryId, data.subscriberIds));
      if (batchId) await sendEmailBatch(ctx, batchId, job.signal, log);
    },
  }),
  /**
   * One delivery attempt to a channel. Its own schedule re-enqueues failed attempts (Standard
   * Webhooks' timing, Retry-After); pg-boss retries only a job that crashed.
   */
  'channel-delivery': job<{ deliveryId: string }>({
    queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 60 },
    work: CHANNEL_WORKERS,
    handle: (ctx, { deliveryId }) => deliverToChannel(ctx, deliveryId),
  }),
  /**
   * One GitHub webhook delivery run through the App; one job at a time per pull request or release (the
   * job's group), across every instance. A rate limit longer than a minute fails the attempt and it is
   * tried again later (services/github/create-github-app.ts).
   */
  'github-webhook': job<WebhookJob>({
    queue: { retryLimit: 6, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 600 },
    work: { ...BATCHED, groupConcurrency: 1 },
    enabled: (ctx) => ctx.github !== null,
    async handle(ctx, { id, name, body }) {
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
  }),
  /**
   * An entry drafted from a pull request or release was published: the App's "Shipped in …" comments.
   * One job at a time per repository (the group); a retry comments on nothing twice
   * (services/github/comment-shipped.ts).
   */
  'github-shipped': job<{ entryId: string }>({
    queue: { retryLimit: 6, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 600 },
    work: { ...BATCHED, groupConcurrency: 1 },
    enabled: (ctx) => ctx.github !== null,
    handle: (ctx, { entryId }, _job, log) => commentShipped(ctx, entryId, log),
  }),
  /**
   * A scheduled publish, started at its time (`startAfter`). A retry publishes nothing twice: the job
   * publishes only a draft still scheduled for its time (services/schedule-entry.ts).
   */
  'entry-scheduled': job<{ entryId: string; at: string }>({
    queue: { retryLimit: 20, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 60 },
    work: BATCHED,
    handle: (ctx, data) => publishScheduled(ctx, data),
  }),
  /**
   * An account email (password reset, invitation): the job makes its link and sends it. Retried with
   * backoff, then every 30 min, 20 times (about 7 hours): an SMTP outage of an afternoon loses no link.
   */
  'account-email': job<AccountEmailJob>({
    queue: { retryLimit: 20, retryDelay: 10, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 60 },
    work: BATCHED,
    async handle(ctx, data) {
      if (data.kind === 'password-reset') await sendPasswordReset(ctx, data.email);
      else await sendInvitation(ctx, data.invitationId);
    },
  }),
  /**
   * A draft was published: the project's drafting profile is learned again from its history, what the
   * team kept, removed and reworded included (services/drafting/project-profile.ts). Idempotent: it
   * learns from the entries as they are, so a retry or a second job gives the same profile.
   */
  'drafting-profile': job<{ projectId: string }>({
    queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 120 },
    work: { ...BATCHED, groupConcurrency: 1 },
    async handle(ctx, { projectId }) {
      await learnDraftingProfile(ctx, projectId);
    },
  }),
  /** Housekeeping, hourly: expired confirmation links, idempotency records, old GitHub delivery ids. */
  housekeeping: job<Record<string, never>>({
    queue: { retryLimit: 2, retryDelay: 60, expireInSeconds: 600 },
    work: { pollingIntervalSeconds: POLLING_SECONDS },
    async handle(ctx) {
      await purgeIdempotencyKeys(ctx.sql);
      await purgeExpiredPending(ctx.sql);
      await purgeDeliveries(ctx.sql);
    },
  }),
  /** The audit log keeps a year (CONTRACT.md "Dashboard"): older records go, daily at 03:17 UTC. */
  'audit-purge': job<Record<string, never>>({
    queue: { retryLimit: 5, retryDelay: 300, expireInSeconds: 600 },
    work: { pollingIntervalSeconds: POLLING_SECONDS },
    schedule: '17 3 * * *',
    async handle(ctx) {
      await purgeAudit(ctx.sql);
    },
  }),
};

export type QueueName = keyof typeof JOBS;

/** The payload type of queue `Q`, as its handler reads it. */
export type JobPayload<Q extends QueueName> = (typeof JOBS)[Q] extends JobDefinition<infer P> ? P : never;
