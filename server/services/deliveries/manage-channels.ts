/**
 * Channels of a project (docs/api.md#channels-key-authenticated, `/api/v1/channels`, and "Dashboard"):
 * create (the URL checked by the SSRF guard; a webhook gets its `whsec_` signing secret, shown only in
 * this answer; at most `MAX_CHANNELS_PER_PROJECT` per project, disabled ones included), list (no
 * secrets; URLs that carry tokens are shown up to their path's first segment), delete, disable and
 * enable, the recent deliveries of one, a test delivery (`ping`) and the retry of a failed delivery,
 * both through the delivery job real ones take. Every change is audited in its transaction.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ChannelTypeSchema } from '../../../core/contract/channels.schema.ts';
import { NOT_BLANK } from '../../../core/contract/entries.schema.ts';
import { CHANNEL_TYPE_MODULES } from '../../channels/channel-types.ts';
import { assertDeliverableUrl } from '../../channels/ssrf-guard.ts';
import {
  type ChannelRow,
  deleteChannel as deleteChannelRow,
  type DeliveryRow,
  findChannel,
  insertChannel,
  listChannels,
  lockAndCountChannels,
  listDeliveries,
} from '../../db/channels.ts';
import { ConflictError, InvalidError, NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { newId } from '../../db/new-id.ts';

/** Every publish makes one delivery per channel: this bounds what one publish of a project costs. */
export const MAX_CHANNELS_PER_PROJECT = 20;

export const CreateChannelInputSchema = z.strictObject({
  type: ChannelTypeSchema,
  url: z.string().min(1).max(2048),
  visibility: z.enum(['external', 'all']).default('external'),
  name: z.string().trim().min(1).max(100).meta(NOT_BLANK).optional(),
});
export type CreateChannelInput = z.infer<typeof CreateChannelInputSchema>;

/** An unsigned kind's URL (Slack, Discord) is itself the secret: show its host and first path segment only. */
function maskedUrl(channel: ChannelRow): string {
  if (CHANNEL_TYPE_MODULES[channel.type].signed) return channel.url;
  const url = new URL(channel.url);
  const first = url.pathname.split('/').filter(Boolean)[0];
  return `${url.origin}/${first ? `${first}/` : ''}…`;
}

/** An audited change of a channel: its kind, name and (masked) URL, never its secret. */
export function channelChange(action: string, channel: ChannelRow) {
  const { type, name, url } = presentChannel(channel);
  return { action, target: { type: 'channel', id: channel.id }, details: { type, name, url } };
}

export function presentChannel(channel: ChannelRow) {
  return {
    id: channel.id,
    type: channel.type,
    name: channel.name,
    url: maskedUrl(channel),
    visibility: channel.visibility,
    createdAt: channel.createdAt.toISOString(),
    disabledAt: channel.disabledAt?.toISOString() ?? null,
    disabledReason: channel.disabledReason,
  };
}

export function presentDelivery(d: DeliveryRow) {
  return {
    id: d.id,
    eventType: d.eventType,
    entryId: d.entryId,
    status: d.status,
    attempts: d.attempts,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    nextAttemptAt: d.status === 'pending' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

/**
 * @throws InvalidError for a URL the SSRF guard or the kind's own rule refuses; ConflictError when the
 *   project is at its limit.
 */
export async function createChannel(ctx: ServiceContext, projectId: string, input: CreateChannelInput) {
  const kind = CHANNEL_TYPE_MODULES[input.type];
  // The kind's own rule first: it needs no DNS answer.
  const refused = URL.canParse(input.url)
    ? kind.refuseUrl(new URL(input.url), ctx.config.allowPrivateDestinations)
    : null;
  if (refused) throw new InvalidError(`url ${refused}`, [{ pointer: '/url', detail: refused }]);
  const url = await assertDeliverableUrl(input.url, ctx.config.allowPrivateDestinations);
  const secret = kind.signed ? `whsec_${randomBytes(24).toString('base64')}` : null;
  const channel = await ctx.sql.begin(async (tx) => {
    if ((await lockAndCountChannels(tx, projectId)) >= MAX_CHANNELS_PER_PROJECT) {
      throw new ConflictError(
        `A project has at most ${MAX_CHANNELS_PER_PROJECT} channels (disabled ones included); delete one with DELETE /api/v1/channels/{id} before adding another`,
      );
    }
    const created = await insertChannel(tx, {
      id: newId('chn'),
      projectId,
      type: input.type,
      name: input.name ?? `${input.type} ${url.hostname}`,
      url: url.toString(),
      visibility: input.visibility,
      secret,
    });
    await recordAudit(tx, projectId, channelChange('channel.created', created));
    return created;
  });
  return { ...presentChannel(channel), ...(secret ? { secret } : {}) };
}

export async function listProjectChannels(ctx: ServiceContext, projectId: string) {
  return (await listChannels(ctx.sql, projectId)).map(presentChannel);
}

/** @throws NotFoundError for an unknown channel or one of another project. */
export async function deleteChannel(ctx: ServiceContext, projectId: string, id: string): Promise<void> {
  await ctx.sql.begin(async (tx) => {
    const channel = await findChannel(tx, projectId, id);
    if (!channel || !(await deleteChannelRow(tx, projectId, id)))
      throw new NotFoundError(`No channel ${id} in this project`);
    await recordAudit(tx, projectId, channelChange('channel.deleted', channel));
  });
}

/** @throws NotFoundError for an unknown channel or one of another project. */
export async function channelDeliveries(ctx: ServiceContext, projectId: string, id: string) {
  const channel = await findChannel(ctx.sql, projectId, id);
  if (!channel) throw new NotFoundError(`No channel ${id} in this project`);
  return (await listDeliveries(ctx.sql, channel.id, 100)).map(presentDelivery);
}
