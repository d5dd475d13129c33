/**
 * The workers of this instance: every queue's handler, and the hourly housekeeping schedule. Started
 * by `shiplog serve` (and the tests) after the app is built; stopped, draining what is in progress,
 * when the app closes.
 */
import { purgeDeliveries } from '../db/github.ts';
import { purgeIdempotencyKeys } from '../db/idempotency-keys.ts';
import type { WebhookJob } from '../services/github/accept-webhook.ts';
import { purgeExpiredPending } from '../db/subscribers.ts';
import type { ServiceContext } from '../services/context.ts';
import { deliverToChannel } from '../services/channels/deliver-to-channel.ts';
import { dispatchToChannels } from '../services/channels/dispatch-to-channels.ts';
import { fanOutEntryEmail, sendEntryEmails } from '../services/engagement/email-subscribers.ts';
import { sendConfirmation } from '../services/engagement/manage-subscription.ts';

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
 * workers of 5 jobs each, each settling its own batch, and one project runs at most 2 attempts at a time
 * across every instance (jobs carry the project as their group): a project whose receivers are slow
 * holds at most 2 of the 4 workers, and the others keep fetching every other project's deliveries.
 */
export const CHANNEL_WORKERS = {
  pollingIntervalSeconds: POLLING_SECONDS,
  localConcurrency: 4,
  batchSize: 5,
  groupConcurrency: 2,
  perJobResults: true,
} as const;

function eachJob<T>(handle: (data: T) => Promise<void>) {
  return async (jobs: { id: string; data: T }[]) => {
    const outcomes = await Promise.allSettled(jobs.map((job) => handle(job.data)));
    return jobs.map((job, i) => ({
      id: job.id,
      status: outcomes[i]!.status === 'fulfilled' ? ('completed' as const) : ('failed' as const),
      ...(outcomes[i]!.status === 'rejected'
        ? { output: { message: String((outcomes[i] as PromiseRejectedResult).reason) } }
        : {}),
    }));
  };
}

/** @param log where a job's partial failures are reported (its own failure is pg-boss's, with retries). */
export async function startWorkers(
  ctx: ServiceContext,
  log: { warn: (obj: object, msg: string) => void },
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
    eachJob(async ({ entryId }) => {
      await dispatchToChannels(ctx, entryId, entryId);
      await fanOutEntryEmail(ctx, entryId);
    }),
  );
  await boss.work<{ deliveryId: string }>(
    'channel-delivery',
    CHANNEL_WORKERS,
    eachJob(({ deliveryId }) => deliverToChannel(ctx, deliveryId)),
  );
  await boss.work<{ entryId: string; subscriberIds: string[] }>(
    'email-batch',
    BATCHED,
    eachJob(({ entryId, subscriberIds }) => sendEntryEmails(ctx, entryId, subscriberIds, log)),
  );
  const github = ctx.github;
  if (github) {
    await boss.work<WebhookJob>(
      'github-webhook',
      BATCHED,
      eachJob(({ id, name, body }) =>
        github.receive({ id, name, payload: JSON.parse(body) } as Parameters<typeof github.receive>[0]),
      ),
    );
  }
  await boss.work('housekeeping', { pollingIntervalSeconds: POLLING_SECONDS }, async () => {
    await purgeIdempotencyKeys(ctx.sql);
    await purgeExpiredPending(ctx.sql);
    await purgeDeliveries(ctx.sql);
  });
  await boss.schedule('housekeeping', '0 * * * *');
}
