/**
 * GET /api/widget/{slug}: the public widget JSON (spec 4.4 and its rules 1-4, CONTRACT.md
 * "GET /api/widget/{slug}"). No key, CORS `*` (plugins/cors.ts), the exact Cache-Control of spec 8,
 * a strong ETag answered with 304 on If-None-Match, 404 `not_found` for an unknown slug.
 */
import type { FastifyInstance } from 'fastify';
import fresh from 'fresh';
import { NotFoundError } from '../../errors.ts';
import type { ServiceContext } from '../../services/context.ts';

/** Spec section 4.4 rule 3 and section 8. */
export const WIDGET_CACHE_CONTROL = 'public, s-maxage=60, stale-while-revalidate=300';

export async function widgetRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get<{ Params: { slug: string } }>('/api/widget/:slug', async (request, reply) => {
    const item = await ctx.widgetCache.get(request.params.slug);
    if (!item) {
      reply.header('cache-control', 'no-store');
      throw new NotFoundError(`No project with slug "${request.params.slug}"`);
    }
    reply.header('cache-control', WIDGET_CACHE_CONTROL).header('etag', item.etag);
    if (fresh(request.headers, { etag: item.etag })) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(item.body);
  });
}
