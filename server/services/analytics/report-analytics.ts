/**
 * GET /api/v1/analytics: views, clicks and unique visitors of a project, in total, per UTC day and per
 * entry, over `from` (inclusive) .. `to` (exclusive): by default the last 30 days up to the end of
 * today (UTC), at most 366 days.
 */
import { analyticsReport } from '../../db/analytics.ts';
import { InvalidError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';

const DAY_MS = 86_400_000;

/** @throws InvalidError when `from` is not before `to`, or the range is longer than 366 days. */
export async function reportAnalytics(
  ctx: ServiceContext,
  projectId: string,
  query: { from?: Date | undefined; to?: Date | undefined; interval: 'day' },
  now: Date = new Date(),
) {
  const to = query.to ?? new Date(Math.ceil(now.getTime() / DAY_MS) * DAY_MS);
  const from = query.from ?? new Date(to.getTime() - 30 * DAY_MS);
  if (from >= to)
    throw new InvalidError('from must be before to', [
      { pointer: '/query/from', detail: 'Must be before to' },
    ]);
  if (to.getTime() - from.getTime() > 366 * DAY_MS) {
    throw new InvalidError('the range is at most 366 days', [
      { pointer: '/query/from', detail: 'The range is at most 366 days' },
    ]);
  }
  const report = await analyticsReport(ctx.sql, projectId, from, to);
  return { from: from.toISOString(), to: to.toISOString(), interval: query.interval, ...report };
}
