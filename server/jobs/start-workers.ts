/**
 * The workers of this instance: every queue's handler, and the hourly housekeeping schedule. Started
 * by `shiplog serve` (and the tests) after the app is built; stopped, draining what is in progress,
 * when the app closes.
 */
import { purgeIdempotencyKeys } from '../db/idempotency-keys.ts';
import { purgeExpiredPending } from '../db/subscribers.ts';
import type { ServiceContext } from '../services/context.ts';
import { sendConfirmation } from '../services/engagement/manage-subscription.ts';

/** How often an idle worker asks for jobs, in seconds (pg-boss's minimum). */
const POLLING_SECONDS = 0.5;

export async function startWorkers(ctx: ServiceContext): Promise<void> {
  const { boss } = ctx.jobs;
  const polling = { pollingIntervalSeconds: POLLING_SECONDS };
  await boss.work<{ subscriberId: string }>('subscription-requested', polling, async ([job]) => {
    if (job) await sendConfirmation(ctx, job.data.subscriberId);
  });
  await boss.work('housekeeping', polling, async () => {
    await purgeIdempotencyKeys(ctx.sql);
    await purgeExpiredPending(ctx.sql);
  });
  await boss.schedule('housekeeping', '0 * * * *');
}
