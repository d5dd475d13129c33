/**
 * The Analytics page's figures (docs/api.md#subscribers-and-analytics-key-authenticated): for the last 7, 30 or 90 UTC days (today
 * included), views, clicks and reactions per day; per entry, views, clicks, click-through (clicks ÷
 * views, null without views) and reactions by emoji; subscribers per day. Every aggregate is SQL's
 * (db/analytics-aggregates.ts); this only picks the range and derives the click-through.
 */
import {
  dailyActivity,
  type DayRange,
  entryActivity,
  subscriberGrowth,
} from '../../db/analytics-aggregates.ts';
import type { ServiceContext } from '../context.ts';

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

/** The most viewed entries the per-entry table shows. */
export const ENTRY_ROWS = 100;

const DAY_MS = 86_400_000;

/** The last `days` whole UTC days up to and including `now`'s. */
export function dayRange(days: Period, now: Date = new Date()): DayRange {
  const to = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
  return { from: new Date(to.getTime() - days * DAY_MS), to };
}

/** A figure over the period: `{days, from, to}` and what `compute` makes of its range. */
async function overPeriod<T extends object>(
  days: Period,
  now: Date | undefined,
  compute: (range: DayRange) => Promise<T>,
) {
  const range = dayRange(days, now);
  return { days, from: range.from.toISOString(), to: range.to.toISOString(), ...(await compute(range)) };
}

type Ctx = Pick<ServiceContext, 'sql'>;

export const dailyChart = (ctx: Ctx, projectId: string, days: Period, now?: Date) =>
  overPeriod(days, now, async (range) => ({ daily: await dailyActivity(ctx.sql, projectId, range) }));

export const entryTable = (ctx: Ctx, projectId: string, days: Period, now?: Date) =>
  overPeriod(days, now, async (range) => ({
    entries: (await entryActivity(ctx.sql, projectId, range, ENTRY_ROWS)).map((r) => ({
      ...r,
      clickThrough: r.views === 0 ? null : Math.round((r.clicks / r.views) * 10_000) / 10_000,
    })),
  }));

export const subscriberChart = (ctx: Ctx, projectId: string, days: Period, now?: Date) =>
  overPeriod(days, now, async (range) => ({
    subscribers: await subscriberGrowth(ctx.sql, projectId, range),
  }));
