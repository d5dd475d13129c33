/**
 * "Retry" of a failed delivery (docs/api.md#channels-key-authenticated): the same delivery made pending again
 * and queued, in one transaction. It keeps its id, so the receiver sees the same `webhook-id` (and can
 * drop it if an earlier attempt did arrive); its attempts go on counting. Only a failed delivery of an
 * enabled channel can be retried: a pending one is retried by its own schedule already.
 */
import { findChannel, findDelivery, reopenFailedDelivery } from '../../db/channels.ts';
import { ConflictError, NotFoundError } from '../../errors/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { ServiceContext } from '../context.ts';
import { channelChange, presentDelivery } from './manage-channels.ts';

/**
 * @returns the delivery, pending again.
 * @throws NotFoundError for no such channel, or no delivery of that id on it; ConflictError for a
 *   disabled channel or a delivery that has not failed.
 */
export async function retryDelivery(
  ctx: ServiceContext,
  projectId: string,
  channelId: string,
  deliveryId: string,
) {
  return ctx.sql.begin(async (tx) => {
    const channel = await findChannel(tx, projectId, channelId);
    if (!channel) throw new NotFoundError(`No channel ${channelId} in this project`);
    if (channel.disabledAt) throw new ConflictError('The channel is disabled; enable it before retrying');
    const delivery = await reopenFailedDelivery(tx, channel.id, deliveryId);
    if (!delivery) {
      const found = await findDelivery(tx, deliveryId);
      if (found?.channelId !== channel.id)
        throw new NotFoundError(`No delivery ${deliveryId} on this channel`);
      throw new ConflictError('Only a failed delivery can be retried; this one is pending or delivered');
    }
    await ctx.jobs.send(tx, 'channel-delivery', { deliveryId: delivery.id }, { group: projectId });
    const change = channelChange('delivery.retried', channel);
    await recordAudit(tx, projectId, { ...change, details: { ...change.details, deliveryId: delivery.id } });
    return presentDelivery(delivery);
  });
}
