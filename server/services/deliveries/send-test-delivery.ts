/**
 * "Send test" (docs/api.md#channels-key-authenticated): a `ping` delivery to one channel, made and queued in
 * one transaction and then delivered by the same job as a published entry's (the SSRF guard, the
 * Standard Webhooks signature, the retry schedule and the delivery log all apply). Its body is the
 * kind's `ping` (server/channels/types/*).
 */
import { findChannel, insertPing } from '../../db/channels.ts';
import { ConflictError, NotFoundError } from '../../errors/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { ServiceContext } from '../context.ts';
import { newId } from '../../db/new-id.ts';
import { channelChange, presentDelivery } from './manage-channels.ts';

/**
 * @returns the new delivery (pending).
 * @throws NotFoundError for no such channel in the project; ConflictError for a disabled channel.
 */
export async function sendTestDelivery(ctx: ServiceContext, projectId: string, channelId: string) {
  return ctx.sql.begin(async (tx) => {
    const channel = await findChannel(tx, projectId, channelId);
    if (!channel) throw new NotFoundError(`No channel ${channelId} in this project`);
    if (channel.disabledAt)
      throw new ConflictError('The channel is disabled; enable it before sending a test');
    const delivery = await insertPing(tx, { id: newId('msg'), channelId: channel.id });
    await ctx.jobs.send(tx, 'channel-delivery', { deliveryId: delivery.id }, { group: projectId });
    const change = channelChange('channel.tested', channel);
    await recordAudit(tx, projectId, { ...change, details: { ...change.details, deliveryId: delivery.id } });
    return presentDelivery(delivery);
  });
}
