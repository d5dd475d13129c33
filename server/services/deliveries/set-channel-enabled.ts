/**
 * Disable or enable a channel (docs/api.md#channels-key-authenticated). A disabled channel gets no new
 * deliveries, and its pending ones fail at their next attempt; enabling clears the reason, whether a
 * person or the receiver (`410 Gone`) disabled it. Either way the change is audited.
 */
import { setChannelEnabled as setChannelEnabledRow } from '../../db/channels.ts';
import { NotFoundError } from '../../errors/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { ServiceContext } from '../context.ts';
import { channelChange, presentChannel } from './manage-channels.ts';

/** @throws NotFoundError for no such channel in the project. */
export async function setChannelEnabled(
  ctx: ServiceContext,
  projectId: string,
  channelId: string,
  enabled: boolean,
) {
  return ctx.sql.begin(async (tx) => {
    const channel = await setChannelEnabledRow(tx, projectId, channelId, enabled, 'disabled by a person');
    if (!channel) throw new NotFoundError(`No channel ${channelId} in this project`);
    await recordAudit(
      tx,
      projectId,
      channelChange(enabled ? 'channel.enabled' : 'channel.disabled', channel),
    );
    return presentChannel(channel);
  });
}
