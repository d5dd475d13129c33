/**
 * A project's email subscribers as /api/v1/subscribers answers them (docs/api.md#subscribers-and-analytics-key-authenticated): their address and where they stand, never the consent details (those stay in the
 * database). Timestamps are ISO 8601 UTC strings.
 */
import { z } from 'zod';

/** `pending` until the address confirms; `unsubscribed` (or removed) receives nothing more. */
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export const SubscriberStatusSchema = z.enum(SUBSCRIBER_STATUSES);

export const SubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: SubscriberStatusSchema,
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});

/** How many subscribers are in each status, and all of them. */
export const SubscriberCountsSchema = z.object({
  pending: z.number().int(),
  confirmed: z.number().int(),
  unsubscribed: z.number().int(),
  total: z.number().int(),
});

/** `GET /api/v1/subscribers`: one page, newest first; `nextCursor` is null on the last. */
export const SubscriberPageSchema = z.object({
  subscribers: z.array(SubscriberSchema),
  counts: SubscriberCountsSchema,
  nextCursor: z.string().nullable(),
});

/** `GET /api/v1/subscribers/counts`. */
export const SubscriberCountsResponseSchema = z.object({ counts: SubscriberCountsSchema });
