/**
 * The workers of this instance: every queue's handler, and the hourly housekeeping schedule. Started
 * by `shiplog serve` (and the tests) after the app is built; stopped, draining what is in progress,
 * when the app closes.
 */
import { purgeIdempotencyKeys } from '../db/idempotency-keys.ts';
import { purgeExpiredPending } from '../db/subscribers.ts';
import type { ServiceContext } from '../services/context.ts';
import { deliverToChannel } from '../services/channels/deliver-to-channel.ts';
import { dispatchToChannels } from '../services/channels/dispatch-to-channels.ts';
import { fanOutEntryEmail, sendEntryEmails } from '../services/engagement/email-subscribers.ts';
import { sendConfirmation } from '../services/engagement/manage-subscription.ts';

/** How often an idle worker asks for jobs, in seconds (pg-boss's minimum). */
const POLLING_SECONDS = 0.5;

/** @param log where a job's partial failures are reported (its own failure is pg-boss's, with retries). */
export async function startWorkers(
  ctx: ServiceContext,
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const { boss } = ctx.jobs;
  const polling = { pollingIntervalSeconds: POLLING_SECONDS };
  await boss.work<{ subscriberId: string }>('subscription-requested', polling, async ([job]) => {
    if (job) await sendConfirmation(ctx, job.data.subscriberId);
  });
  await boss.work<{ entryId: string }>('entry-published', polling, async ([job]) => {
    if (!job) return;
    await dispatchToChannels(ctx, job.data.entryId);
    await fanOutEntryEmail(ctx, job.data.entryId);
  });
  await boss.work<{ deliveryId: string }>('channel-delivery', polling, async ([job]) => {
    if (job) await deliverToChannel(ctx, job.data.deliveryId);
  });
  await boss.work<{ entryId: string; subscriberIds: string[] }>('email-batch', polling, async ([job]) => {
    if (job) await sendEntryEmails(ctx, job.data.entryId, job.data.subscriberIds, log);
  });
  await boss.work('housekeeping', polling, async () => {
    await purgeIdempotencyKeys(ctx.sql);
    await purgeExpiredPending(ctx.sql);
  });
  await boss.schedule('housekeeping', '0 * * * *');
}
