/**
 * The channels part of a publish's dispatch: a delivery row and its first attempt's job for every
 * enabled channel the entry goes to (`external` entries: every channel; `internal` ones: channels set
 * to `all`), in one transaction. Jobs are grouped by project, so that one project's slow receivers
 * cannot occupy every worker (queue/queue-settings.ts `CHANNEL_WORKERS`).
 */
import { channelsFor, insertDelivery } from '../../db/channels.ts';
import { findEntryById } from '../../db/entries.ts';
import type { ServiceContext } from '../context.ts';
import { newId } from '../../db/new-id.ts';

/** @param dispatchId the publish job's id: a second run of the same dispatch makes no new delivery. */
export async function dispatchToChannels(
  ctx: ServiceContext,
  entryId: string,
  dispatchId: string,
): Promise<void> {
  const entry = await findEntryById(ctx.sql, entryId);
  if (!entry || entry.status !== 'published') return;
  const channels = await channelsFor(ctx.sql, entry.projectId, entry.visibility);
  if (channels.length === 0) return;
  await ctx.sql.begin(async (tx) => {
    for (const channel of channels) {
      const deliveryId = newId('msg');
      if (!(await insertDelivery(tx, { id: deliveryId, channelId: channel.id, entryId, dispatchId })))
        continue;
      await ctx.jobs.send(tx, 'channel-delivery', { deliveryId }, { group: entry.projectId });
    }
  });
}
