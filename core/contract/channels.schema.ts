/**
 * The kinds of channel a project can deliver its releases to (docs/api.md#channels-key-authenticated): the
 * one list from which the API's enum, the TypeScript type, the server's registry of channel modules
 * (server/channels/channel-types.ts, one module per kind, a type error if one is missing) and the
 * database's check (migrations; a test compares it with this list) all follow. A new kind is one
 * module, one name here and a migration. Also the shapes the channel API answers with, and the body a
 * `webhook` channel receives (the API document's `webhooks`).
 */
import { z } from 'zod';
import { CategorySchema, VisibilitySchema } from './entries.schema.ts';

export const CHANNEL_TYPES = ['slack', 'discord', 'webhook'] as const;
export const ChannelTypeSchema = z.enum(CHANNEL_TYPES);
export type ChannelType = z.infer<typeof ChannelTypeSchema>;

const timestamp = z.string().describe('ISO 8601 UTC with milliseconds');

/** A channel as the API shows it: no secret, and a chat webhook's URL masked (it is a credential). */
export const ChannelSchema = z.object({
  id: z.string(),
  type: ChannelTypeSchema,
  name: z.string(),
  url: z.string(),
  /** `all` receives internal entries too. */
  visibility: z.enum(['external', 'all']),
  createdAt: timestamp,
  /** When deliveries stopped (the receiver kept refusing), and why; null while enabled. */
  disabledAt: timestamp.nullable(),
  disabledReason: z.string().nullable(),
});

/** POST /api/v1/channels's answer: a `webhook` channel's signing secret, shown this once. */
export const CreatedChannelSchema = ChannelSchema.extend({
  secret: z.string().optional().describe('`whsec_…`, only for `webhook`, only in this response'),
});

/** One delivery of one entry (or a test `ping`) to one channel, with its attempts so far. */
export const DeliverySchema = z.object({
  /** Also the `webhook-id` every attempt of it carries. */
  id: z.string(),
  /** `ping`: a test delivery (the dashboard's "Send test"). */
  eventType: z.enum(['entry.published', 'ping']),
  /** Null for a `ping`. */
  entryId: z.string().nullable(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  /** The receiver's last HTTP status; null before an answer (or when none came). */
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** When a pending delivery's next attempt is due; null otherwise. */
  nextAttemptAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/**
 * The body of a `webhook` channel's delivery (docs/api.md#channels-key-authenticated), signed per Standard
 * Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Over 20 KB, `body` and `html` are
 * cut (html to its text) and `url` leads to the rest.
 */
export const WebhookEventSchema = z.object({
  type: z.literal('entry.published'),
  timestamp,
  data: z.object({
    entry: z.object({
      id: z.string(),
      /** Without the version, which is its own field. */
      title: z.string(),
      slug: z.string(),
      category: CategorySchema,
      version: z.string().nullable(),
      visibility: VisibilitySchema,
      publishedAt: timestamp.nullable(),
      /** The entry's public page. */
      url: z.string(),
      html: z.string(),
      body: z.string(),
    }),
  }),
});
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
