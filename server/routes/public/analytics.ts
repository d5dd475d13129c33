/**
 * POST /api/analytics (CONTRACT.md "POST /api/analytics"): one `view`/`click` event, or
 * `{"events": [...]}` with up to 50, written in one multi-row insert → 202 `{"accepted": n}`.
 * Every project slug must exist, and an `entryId` must be a published external entry of that project:
 * a draft or an internal entry is refused exactly like an id that does not exist, so the answer never
 * tells whether one does.
 */
import type { FastifyInstance } from 'fastify';
import {
  AnalyticsBatchSchema,
  type AnalyticsEventInput,
  AnalyticsEventSchema,
} from '../../../core/contract/public.schema.ts';
import { insertEvents } from '../../db/analytics.ts';
import { findProjectIdsBySlugs } from '../../db/projects.ts';
import { findPublicEntryProjects } from '../../db/public-entries.ts';
import { InvalidError, NotFoundError } from '../../errors.ts';
import { invalidFromZod } from '../../plugins/validate.ts';
import type { ServiceContext } from '../../services/context.ts';
import { ANALYTICS_ID, ANALYTICS_IP } from './rate-limits.ts';

function parseEvents(body: unknown): { events: AnalyticsEventInput[]; prefix: (i: number) => string } {
  if (body !== null && typeof body === 'object' && 'events' in body) {
    const result = AnalyticsBatchSchema.safeParse(body);
    if (!result.success) throw invalidFromZod(result.error);
    return { events: result.data.events, prefix: (i) => `/events/${i}` };
  }
  const result = AnalyticsEventSchema.safeParse(body);
  if (!result.success) throw invalidFromZod(result.error);
  return { events: [result.data], prefix: () => '' };
}

export async function analyticsIngestRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.post(
    '/api/analytics',
    {
      bodyLimit: 64 * 1024,
      onRequest: app.rateLimitHook([ANALYTICS_IP]),
      preHandler: app.rateLimitHook([ANALYTICS_ID]),
    },
    async (request, reply) => {
      const { events, prefix } = parseEvents(request.body);
      const slugs = [...new Set(events.map((e) => e.project))];
      const entryIds = [...new Set(events.flatMap((e) => (e.entryId ? [e.entryId] : [])))];
      const projectBySlug = await findProjectIdsBySlugs(ctx.sql, slugs);
      const missing = slugs.find((s) => !projectBySlug.has(s));
      if (missing) throw new NotFoundError(`No project with slug "${missing}"`);
      const entryProject = await findPublicEntryProjects(ctx.sql, entryIds);
      const errors = events.flatMap((e, i) =>
        e.entryId && entryProject.get(e.entryId) !== projectBySlug.get(e.project)
          ? [
              {
                pointer: `${prefix(i)}/entryId`,
                detail: `No published entry ${e.entryId} in project ${e.project}`,
              },
            ]
          : [],
      );
      if (errors.length) throw new InvalidError(errors[0]!.detail, errors);
      const accepted = await insertEvents(
        ctx.sql,
        events.map((e) => ({
          projectId: projectBySlug.get(e.project)!,
          entryId: e.entryId ?? null,
          type: e.type,
          anonymousId: e.anonymousId,
          url: e.url ?? null,
        })),
      );
      return reply.code(202).send({ accepted });
    },
  );
}
