/**
 * The kinds of channel a project can deliver its releases to (CONTRACT.md "Dispatch on publish"): the
 * one list from which the API's enum, the TypeScript type, the server's registry of channel modules
 * (server/channels/channel-types.ts, one module per kind, a type error if one is missing) and the
 * database's check (migrations; a test compares it with this list) all follow. A new kind is one
 * module, one name here and a migration.
 */
import { z } from 'zod';

export const CHANNEL_TYPES = ['slack', 'discord', 'webhook'] as const;
export const ChannelTypeSchema = z.enum(CHANNEL_TYPES);
export type ChannelType = z.infer<typeof ChannelTypeSchema>;
