/**
 * GET /api/v1/analytics?from=&to=&interval=day: views, clicks and unique visitors of the project, in
 * total, per UTC day and per entry. `from` is inclusive, `to` exclusive; dates (`2026-11-01`) or
 * timestamps; default the last 30 days; at most 366 days. Each bound lies in 1970-01-01 ..
 * 9999-12-31 (UTC), the range of every time the API takes (core/contract/instant.schema.ts): a date
 * outside is `400` at its field instead of reaching a query.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DayTextSchema, InstantTextSchema, LATEST_INSTANT } from '../../../core/contract/instant.schema.ts';
import { authOf } from '../../plugins/auth.ts';
import { reportAnalytics } from '../../services/analytics/report-analytics.ts';
import type { ServiceContext } from '../../services/context.ts';

// One transform after the union: the API document cannot show a union of transformed branches.
const instant = z
  .union([DayTextSchema, InstantTextSchema], {
    error: `must be a date (2026-05-01) or a date-time with an offset, from 1970-01-01 to ${LATEST_INSTANT}`,
  })
  .transform((s) => new Date(s));

const AnalyticsQuerySchema = z.strictObject({
  from: instant.optional(),
  to: instant.optional(),
  interval: z.enum(['day']).default('day'),
});

const counts = {
  views: z.number().int(),
  clicks: z.number().int(),
  uniqueVisitors: z.number().int().describe('Distinct anonymous ids'),
};
const AnalyticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(['day']),
  totals: z.object(counts),
  /** Days with events only, oldest first. */
  days: z.array(z.object({ date: z.string().describe('YYYY-MM-DD (UTC)'), ...counts })),
  /** Most viewed first. */
  entries: z.array(z.object({ entryId: z.string(), title: z.string().nullable(), ...counts })),
});

export async function analyticsRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/analytics',
    {
      schema: {
        summary: 'Views, clicks and unique visitors',
        description:
          'In total, per UTC day and per entry; `from` inclusive, `to` exclusive (default: the last 30 days).',
        operationId: 'getAnalytics',
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsReportSchema },
      },
    },
    async (request) => {
      const { project } = authOf(request);
      return reportAnalytics(ctx, project.id, request.query);
    },
  );
}
