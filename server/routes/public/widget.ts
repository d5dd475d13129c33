/**
 * GET /api/widget/{slug}: the public widget JSON (spec 4.4 and its rules 1-4, CONTRACT.md
 * "GET /api/widget/{slug}"). No key, CORS `*` (plugins/cors.ts), the exact Cache-Control of spec 8,
 * a strong ETag answered with 304 on If-None-Match, 404 `not_found` for an unknown slug.
 */
import type { FastifyInstance } from 'fastify';
import fresh from 'fresh';
import { z } from 'zod';
import { COMPONENT_QUERY, WidgetResponseSchema } from '../../../core/contract/public.schema.ts';
import { documentRoutes } from '../../openapi/document-routes.ts';
import { NOT_MODIFIED } from '../../errors/problem-responses.ts';
import { PUBLIC_DOCS } from '../../openapi/scope-docs.ts';
import { NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../../services/context.ts';

/** Spec section 4.4 rule 3 and section 8. */
export const WIDGET_CACHE_CONTROL = 'public, s-maxage=60, stale-while-revalidate=300';

export async function widgetRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  documentRoutes(app, PUBLIC_DOCS('Widget'));
  app.get<{ Params: { slug: string }; Querystring: { component?: string } }>(
    '/api/widget/:slug',
    {
      schema: {
        summary: "A project's widget",
        description:
          'The last 20 external published entries, newest first. Cached by CDNs for 60 s (`s-maxage`); `ETag` + `If-None-Match` → `304`.',
        operationId: 'getWidget',
        // Any slug: an unknown one is a 404, whatever its length.
        params: z.object({ slug: z.string() }),
        querystring: COMPONENT_QUERY,
        response: { 200: WidgetResponseSchema, ...NOT_MODIFIED },
      },
    },
    async (request, reply) => {
      const item = await ctx.widgetCache.get(request.params.slug, request.query.component);
      if (!item) {
        reply.header('cache-control', 'no-store');
        throw new NotFoundError(`No project with slug "${request.params.slug}"`);
      }
      reply.header('cache-control', WIDGET_CACHE_CONTROL).header('etag', item.etag);
      if (fresh(request.headers, { etag: item.etag })) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(item.body);
    },
  );
}
