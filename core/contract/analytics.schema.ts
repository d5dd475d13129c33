/**
 * The dashboard's analytics answers (docs/api.md#subscribers-and-analytics-key-authenticated): per UTC day over the last 7,
 * 30 or 90 days, and per entry. Shared with the dashboard as types (`z.infer`).
 */
import { z } from 'zod';

export const ANALYTICS_PERIODS = ['7', '30', '90'] as const;

/** `?days=7|30|90` (default 30): the last that many UTC days, today included. */
export const AnalyticsPeriodQuery = z.strictObject({
  days: z
    .enum(ANALYTICS_PERIODS)
    .default('30')
    .transform(Number)
    .pipe(z.union([z.literal(7), z.literal(30), z.literal(90)])),
});

const date = z.string().describe('A UTC day, YYYY-MM-DD');
const count = z.number().int();

const PeriodSchema = z.object({
  days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
  /** The first day's start (UTC midnight). */
  from: z.string(),
  /** The end: the UTC midnight after the last day (today). */
  to: z.string(),
});

export const DailyActivitySchema = PeriodSchema.extend({
  /** Every day of the period, oldest first; a day without events is zeros. */
  daily: z.array(z.object({ date, views: count, clicks: count, reactions: count })),
});

export const EntryActivitySchema = PeriodSchema.extend({
  /** Entries with views, clicks or reactions in the period, most viewed first (at most 100). */
  entries: z.array(
    z.object({
      entryId: z.string(),
      title: z.string(),
      views: count,
      clicks: count,
      /** clicks ÷ views (4 decimals); null without views. */
      clickThrough: z.number().nullable(),
      /** Reactions made in the period and still present, by emoji. */
      reactions: z.record(z.string(), count),
    }),
  ),
});

export const SubscriberGrowthSchema = PeriodSchema.extend({
  /** Every day of the period: addresses confirmed at its end; confirmations and unsubscriptions in it. */
  subscribers: z.array(z.object({ date, confirmed: count, joined: count, left: count })),
});

export type DailyActivity = z.infer<typeof DailyActivitySchema>;
export type EntryActivity = z.infer<typeof EntryActivitySchema>;
export type SubscriberGrowth = z.infer<typeof SubscriberGrowthSchema>;
