/**
 * Deliver a published entry to one channel, at least once, with the Standard Webhooks retry schedule:
 * now, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h later (each ±10% jitter), or the
 * receiver's `Retry-After` when it asks for longer (the delivery log shows when: `next_attempt_at`). A 2xx delivers; a 410 disables the channel; another
 * 4xx fails for good; a 5xx, a 429, a timeout or a refused connection retries. Every attempt of one
 * delivery carries the same `webhook-id`, so a receiver can drop duplicates.
 */
import { Webhook } from 'standardwebhooks';
import { buildPayload, CHANNEL_TYPE_MODULES } from '../../channels/channel-types.ts';
import { postJson } from '../../channels/post-json.ts';
import { assertDeliverableUrl } from '../../channels/ssrf-guard.ts';
import { disableChannel, findChannelById, findDelivery, recordAttempt } from '../../db/channels.ts';
import { findEntryById } from '../../db/entries.ts';
import { findProjectById } from '../../db/projects.ts';
import type { ServiceContext } from '../context.ts';

/** Seconds to wait before attempt n+1 (Standard Webhooks' recommended schedule, after the first). */
export const RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400];

function withJitter(seconds: number): number {
  return Math.max(1, Math.round(seconds * (0.9 + Math.random() * 0.2)));
}

export async function deliverToChannel(ctx: ServiceContext, deliveryId: string): Promise<void> {
  const delivery = await findDelivery(ctx.sql, deliveryId);
  if (!delivery || delivery.status !== 'pending') return;
  const channel = await findChannelById(ctx.sql, delivery.channelId);
  const project = channel && (await findProjectById(ctx.sql, channel.projectId));
  // A `ping` (Send test) has no entry; an entry's delivery whose entry is gone has nothing to send.
  const entry = delivery.entryId === null ? null : await findEntryById(ctx.sql, delivery.entryId);
  const outcome = { channel_type: channel?.type ?? 'unknown' };
  const count = (status: 'delivered' | 'retry' | 'failed') =>
    ctx.metrics.deliveries.inc({ ...outcome, outcome: status });
  if (!channel || !project || (delivery.entryId !== null && !entry) || channel.disabledAt) {
    count('failed');
    await recordAttempt(ctx.sql, deliveryId, {
      status: 'failed',
      httpStatus: null,
      error: 'the channel or entry is gone or disabled',
    });
    return;
  }
  const now = new Date();
  const changelogUrl = `${ctx.config.publicUrl}/changelog/${project.slug}`;
  const body = entry
    ? buildPayload(channel.type, entry, `${changelogUrl}/${entry.slug}`, now)
    : CHANNEL_TYPE_MODULES[channel.type].ping(project, changelogUrl, now);
  let url: URL;
  try {
    url = await assertDeliverableUrl(channel.url, ctx.config.allowPrivateDestinations);
  } catch {
    count('failed');
    await recordAttempt(ctx.sql, deliveryId, {
      status: 'failed',
      httpStatus: null,
      error: 'destination not allowed',
    });
    return;
  }
  const headers: Record<string, string> = {};
  if (CHANNEL_TYPE_MODULES[channel.type].signed && channel.secret) {
    headers['webhook-id'] = delivery.id;
    headers['webhook-timestamp'] = String(Math.floor(now.getTime() / 1000));
    headers['webhook-signature'] = new Webhook(channel.secret).sign(delivery.id, now, body);
  }
  const result = await postJson(url, body, headers, ctx.config.allowPrivateDestinations);
  const status = result.status;
  if (status !== null && status >= 200 && status < 300) {
    count('delivered');
    await recordAttempt(ctx.sql, deliveryId, { status: 'delivered', httpStatus: status, error: null });
    return;
  }
  if (status === 410) {
    count('failed');
    await disableChannel(ctx.sql, channel.id, 'the receiver answered 410 Gone');
    await recordAttempt(ctx.sql, deliveryId, {
      status: 'failed',
      httpStatus: status,
      error: '410 Gone: channel disabled',
    });
    return;
  }
  const retryable = status === null || status === 429 || status >= 500 || status === 408;
  const wait = RETRY_SCHEDULE_SECONDS[delivery.attempts];
  const error = result.error ?? `HTTP ${status}`;
  if (!retryable || wait === undefined) {
    count('failed');
    await recordAttempt(ctx.sql, deliveryId, { status: 'failed', httpStatus: status, error });
    return;
  }
  count('retry');
  await ctx.sql.begin(async (tx) => {
    const delay = Math.max(withJitter(wait), result.retryAfterSeconds ?? 0);
    const nextAttemptAt = new Date(Date.now() + delay * 1000);
    await recordAttempt(tx, deliveryId, { status: 'pending', httpStatus: status, error, nextAttemptAt });
    await ctx.jobs.send(tx, 'channel-delivery', { deliveryId }, { startAfter: delay, group: project.id });
  });
}
