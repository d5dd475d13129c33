/**
 * The workers of this instance: every queue's handler, and the hourly housekeeping schedule. Started
 * by `shiplog serve` (and the tests) after the app is built; stopped, draining what is in progress,
 * when the app closes.
 */
import type { JobWithMetadata } from 'pg-boss';
import { purgeDeliveries } from '../db/github.ts';
import { purgeIdempotencyKeys } from '../db/idempotency-keys.ts';
import type { WebhookJob } from '../services/github/accept-webhook.ts';
import { purgeExpiredPending } from '../db/subscribers.ts';
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
import { publishScheduled } from '../services/schedule-entry.ts';

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

function eachJob<J extends { id: string; data: unknown }>(
  handle: (data: J['data'], job: J) => Promise<void>,
) {
  return async (jobs: J[]) => {
    const outcomes = await Promise.allSettled(jobs.map((job) => handle(job.data, job)));
    return jobs.map((job, i) => ({
      id: job.id,
      status: outcomes[i]!.status === 'fulfilled' ? ('completed' as const) : ('failed' as const),
      ...(outcomes[i]!.status === 'rejected'
        ? { output: { message: String((outcomes[i] as PromiseRejectedResult).reason) } }
        : {}),
    }));
  };
}

/** The message a failed job left (eachJob's `output`), for the dead-letter handler. */
function messageOf(output: unknown): string | null {
  const message = (output as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : null;
}

/** @param log where a job's partial failures are reported (its own failure is pg-boss's, with retries). */
export async function startWorkers(
  ctx: ServiceContext,
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void },
): Promise<void> {
  const { boss } = ctx.jobs;
  await boss.work<{ subscriberId: string }>(
    'subscription-requested',
    BATCHED,
    eachJob(({ subscriberId }) => sendConfirmation(ctx, subscriberId)),
  );
  await boss.work<{ entryId: string }>(
    'entry-published',
    BATCHED,
    eachJob(async ({ entryId }, job) => {
      // Keyed by this job's id: if the job runs again, no second batch and no second delivery.
      await fanOutEntryEmail(ctx, entryId, job.id);
      await dispatchToChannels(ctx, entryId, job.id);
    }),
  );
  await boss.work<{ deliveryId: string }>(
    'channel-delivery',
    CHANNEL_WORKERS,
    eachJob(({ deliveryId }) => deliverToChannel(ctx, deliveryId)),
  );
  type BatchJob = { batchId: string } | { batchId?: undefined; entryId: string; subscriberIds: string[] };
  await boss.work<BatchJob>(
    'email-batch',
    { ...BATCHED, heartbeatRefreshSeconds: 5 },
    eachJob(async (data, job) => {
      const batchId = data.batchId ?? (await adoptLegacyBatch(ctx, job.id, data.entryId, data.subscriberIds));
      if (batchId) await sendEmailBatch(ctx, batchId, job.signal, log);
    }),
  );
  const deadLetters = { ...BATCHED, includeMetadata: true } as const;
  await boss.work<{ batchId?: string }, unknown, typeof deadLetters>(
    'email-batch-failed',
    deadLetters,
    eachJob<JobWithMetadata<{ batchId?: string }>>(async ({ batchId }, job) => {
      if (batchId) await failEmailBatch(ctx, batchId, messageOf(job.output), log);
    }),
  );
  const github = ctx.github;
  if (github) {
    await boss.work<WebhookJob>(
      'github-webhook',
      // One job at a time per pull request or release (the job's group), across every instance.
      { ...BATCHED, groupConcurrency: 1 },
      eachJob(({ id, name, body }) =>
        github.receive({ id, name, payload: JSON.parse(body) } as Parameters<typeof github.receive>[0]),
      ),
    );
  }
  await boss.work<{ entryId: string; at: string }>(
    'entry-scheduled',
    BATCHED,
    eachJob((job) => publishScheduled(ctx, job)),
  );
  await boss.work('housekeeping', { pollingIntervalSeconds: POLLING_SECONDS }, async () => {
    await purgeIdempotencyKeys(ctx.sql);
    await purgeExpiredPending(ctx.sql);
    await purgeDeliveries(ctx.sql);
  });
  await boss.schedule('housekeeping', '0 * * * *');
}
