/**
 * The registry of channel kinds: one module per kind (server/channels/types/), keyed by the contract's
 * list (core/contract/channels.schema.ts), so a name without its module is a type error. Adding a kind
 * (Microsoft Teams, say) is one module, one line here and in the list, and a migration that widens the
 * database's check.
 */
import type { ChannelType } from '../../core/contract/channels.schema.ts';
import type { EntryRow } from '../db/entries.ts';
import type { ChannelTypeModule } from './channel-type.ts';
import { discord } from './types/discord.ts';
import { slack } from './types/slack.ts';
import { webhook } from './types/webhook.ts';

export const CHANNEL_TYPE_MODULES: Record<ChannelType, ChannelTypeModule> = { slack, discord, webhook };

/** The body a channel of `type` receives for `entry`. */
export function buildPayload(type: ChannelType, entry: EntryRow, pageUrl: string, now: Date): string {
  return CHANNEL_TYPE_MODULES[type].payload(entry, pageUrl, now);
}
