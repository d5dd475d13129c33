/**
 * `GET /api/feeds/{slug}/rss|atom|json` (CONTRACT.md "Feeds and page"): the last 50 external published
 * entries. No key, CORS `*`; a strong ETag answered with 304 on If-None-Match; 404 for an unknown
 * project or format.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fresh from 'fresh';
import { NotFoundError } from '../../errors.ts';
import { buildFeed, FEED_CONTENT_TYPES, type FeedFormat } from '../../services/build-feeds.ts';
import type { ServiceContext } from '../../services/context.ts';
import { loadChangelog } from '../../services/public-changelog.ts';

export async function feedRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get<{ Params: { slug: string; format: string } }>(
    '/api/feeds/:slug/:format',
    async (request, reply) => {
      const format = request.params.format as FeedFormat;
      if (!(format in FEED_CONTENT_TYPES)) throw new NotFoundError('Feeds are rss, atom and json');
      const view = await loadChangelog(ctx.sql, request.params.slug);
      if (!view) throw new NotFoundError(`No project with slug "${request.params.slug}"`);
      const body = buildFeed(view, ctx.config.publicUrl, format);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      reply.header('cache-control', 'public, max-age=300').header('etag', etag);
      if (fresh(request.headers, { etag })) return reply.code(304).send();
      return reply.type(FEED_CONTENT_TYPES[format]).send(body);
    },
  );
}
