/**
 * The Analytics page's data (docs/api.md#subscribers-and-analytics-key-authenticated), by key or by session (contributor or higher),
 * each with `?days=7|30|90` (default 30: the last that many UTC days, today included):
 * - `GET /api/v1/analytics/daily` → `{days, from, to, daily: [{date, views, clicks, reactions}]}`, one
 *   row per day, zeros included (a chart's x axis as is);
 * - `GET /api/v1/analytics/entries` → `{…, entries: [{entryId, title, views, clicks, clickThrough,
 *   reactions: {"👍": 3}}]}`, the 100 most viewed entries of the period;
 * - `GET /api/v1/analytics/subscribers` → `{…, subscribers: [{date, confirmed, joined, left}]}`.
 * Shapes: core/contract/analytics.schema.ts. The totals with unique visitors are `GET /api/v1/analytics`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AnalyticsPeriodQuery,
  DailyActivitySchema,
  EntryActivitySchema,
  SubscriberGrowthSchema,
} from '../../../core/contract/analytics.schema.ts';
import { authOf } from '../../plugins/auth.ts';
import { dailyChart, entryTable, subscriberChart } from '../../services/analytics/analytics-charts.ts';
import type { ServiceContext } from '../../services/context.ts';

/** Each figure's path, document entry and service. */
const CHARTS = [
  ['daily', 'Views, clicks and reactions per day', 'analyticsDaily', DailyActivitySchema, dailyChart],
  [
    'entries',
    'Views, clicks, click-through and reactions per entry',
    'analyticsEntries',
    EntryActivitySchema,
    entryTable,
  ],
  ['subscribers', 'Subscribers per day', 'analyticsSubscribers', SubscriberGrowthSchema, subscriberChart],
] as const;

export async function analyticsChartRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  for (const [path, summary, operationId, schema, figure] of CHARTS) {
    app.get(
      `/analytics/${path}`,
      { schema: { summary, operationId, querystring: AnalyticsPeriodQuery, response: { 200: schema } } },
      async (request) => figure(ctx, authOf(request).project.id, request.query.days),
    );
  }
}
