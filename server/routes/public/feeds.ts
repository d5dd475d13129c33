/**
 * `GET /api/feeds/{slug}/rss|atom|json` (docs/api.md#feeds-and-the-public-changelog-page): the last 50 external published
 * entries. No key, CORS `*`; a strong ETag answered with 304 on If-None-Match; 404 for an unknown
 * project or format. A reader token (`?token=`, the signed link of the reader's widget answer, or
 * `X-Shiplog-Reader`) makes it that reader's feed, `Cache-Control: private`; an identified project
 * answers 401 without one (docs/api.md#readers-and-audiences-segments-summary-announcements).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fresh from 'fresh';
import { z } from 'zod';
import { documentRoutes } from '../../openapi/document-routes.ts';
import { NOT_MODIFIED, problemResponses, textResponse } from '../../errors/problem-responses.ts';
import { PUBLIC_DOCS } from '../../openapi/scope-docs.ts';
import { NotFoundError } from '../../errors/errors.ts';
import { buildFeed, FEED_CONTENT_TYPES, type FeedFormat } from '../../services/public/build-feeds.ts';
import type { ServiceContext } from '../../services/context.ts';
import { loadChangelog } from '../../services/public/public-changelog.ts';
import { COMPONENT_QUERY, JsonFeedSchema } from '../../../core/contract/public.schema.ts';
import { ReaderTokenQuery } from '../../../core/contract/readers.schema.ts';
import { cacheControlFor, readerIdentity, readerPageOptions } from '../../plugins/reader-identity.ts';
import { LocaleQuery } from '../../../core/contract/languages.schema.ts';
import { loadForReader } from './load-for-reader.ts';

/** The feed in each format: XML text, or a JSON Feed object (its body's schema). */
function feedResponse() {
  const { content } = textResponse('', ...[FEED_CONTENT_TYPES.rss, FEED_CONTENT_TYPES.atom].map(mediaType));
  return {
    description: 'The feed',
    content: { ...content, [mediaType(FEED_CONTENT_TYPES.json)]: { schema: JsonFeedSchema } },
  };
}

const mediaType = (contentType: string) => contentType.split(';')[0]!;

const FEED_CACHE_CONTROL = 'public, max-age=300';

export async function feedRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  documentRoutes(app, PUBLIC_DOCS('Feeds'));
  await app.register(readerIdentity, { ctx, links: true });
  app.get<{
    Params: { slug: string; format: string };
    Querystring: { component?: string; token?: string; locale?: string };
  }>(
    '/api/feeds/:slug/:format',
    {
      schema: {
        summary: "A project's feed",
        description:
          "The last 50 external published entries as RSS 2.0 (`rss`), Atom 1.0 (`atom`) or JSON Feed 1.1 (`json`), in the reader's language (`?locale=`, else `Accept-Language`; each entry falls back to the project's default locale), with `Content-Language`.",
        operationId: 'getFeed',
        params: z.object({ slug: z.string(), format: z.string().describe('`rss`, `atom` or `json`') }),
        querystring: COMPONENT_QUERY.extend(ReaderTokenQuery.shape).extend(LocaleQuery.shape),
        response: {
          200: feedResponse(),
          ...NOT_MODIFIED,
          ...problemResponses(401),
        },
      },
    },
    async (request, reply) => {
      const format = request.params.format as FeedFormat;
      if (!(format in FEED_CONTENT_TYPES)) throw new NotFoundError('Feeds are rss, atom and json');
      const { slug } = request.params;
      const view = await loadForReader(request, reply, (reader, locale) =>
        loadChangelog(ctx.sql, slug, undefined, request.query.component, reader, locale),
      );
      if (!view) throw new NotFoundError(`No project with slug "${slug}"`);
      const body = buildFeed(view, ctx.config.publicUrl, format, readerPageOptions(request).readerToken);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      reply.header('cache-control', cacheControlFor(request, FEED_CACHE_CONTROL)).header('etag', etag);
      if (fresh(request.headers, { etag })) return reply.code(304).send();
      return reply.type(FEED_CONTENT_TYPES[format]).send(body);
    },
  );
}
