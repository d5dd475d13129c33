/**
 * GET /api/widget/{slug}: the public widget JSON (docs/api.md#widget-json, docs/api.md#readers-and-audiences-segments-summary-announcements). No key, CORS `*` (plugins/cors.ts), a strong
 * ETag answered with 304 on If-None-Match, 404 `not_found` for an unknown slug. An anonymous answer of
 * a public project has the exact Cache-Control of docs/api.md#widget-json; an identified reader's (X-Shiplog-Reader)
 * adds their state and signed links and is `private`; an identified project answers 401 to anyone
 * else. `POST /api/widget/{slug}/seen` (reader-seen.ts) shares this scope and its reader.
 */
import type { FastifyInstance } from 'fastify';
import fresh from 'fresh';
import { z } from 'zod';
import { COMPONENT_QUERY, WidgetResponseSchema } from '../../../core/contract/public.schema.ts';
import {
  ReaderLinksSchema,
  ReaderStateSchema,
  ReaderTokenQuery,
} from '../../../core/contract/readers.schema.ts';
import { documentRoutes } from '../../openapi/document-routes.ts';
import { NOT_MODIFIED, problemResponses } from '../../errors/problem-responses.ts';
import { PUBLIC_DOCS } from '../../openapi/scope-docs.ts';
import { NotFoundError } from '../../errors/errors.ts';
import { cacheControlFor, readerIdentity } from '../../plugins/reader-identity.ts';
import type { ServiceContext } from '../../services/context.ts';
import { readerWidgetDocument } from '../../services/readers/reader-widget.ts';
import { readerSeenRoutes } from './reader-seen.ts';

/** Spec section 4.4 rule 3 and section 8. */
export const WIDGET_CACHE_CONTROL = 'public, s-maxage=60, stale-while-revalidate=300';

/** An identified reader's answer has their state and links too. */
const ReaderWidgetResponseSchema = WidgetResponseSchema.extend({
  reader: ReaderStateSchema.optional().describe("An identified reader's state, the same on every device"),
  links: ReaderLinksSchema.optional().describe("An identified reader's own links to the feeds and the page"),
});

export async function widgetRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  documentRoutes(app, PUBLIC_DOCS('Widget'));
  await app.register(readerIdentity, { ctx });
  app.get<{ Params: { slug: string }; Querystring: { component?: string; token?: string } }>(
    '/api/widget/:slug',
    {
      schema: {
        summary: "A project's widget",
        description:
          'The last 20 external published entries, newest first. Cached by CDNs for 60 s (`s-maxage`); `ETag` + `If-None-Match` → `304`. With a reader token (`X-Shiplog-Reader`, or `?token=`): the entries that reader may see, their state and their signed feed links, `Cache-Control: private`. An `identified` project answers `401` without one.',
        operationId: 'getWidget',
        // Any slug: an unknown one is a 404, whatever its length.
        params: z.object({ slug: z.string() }),
        querystring: COMPONENT_QUERY.extend(ReaderTokenQuery.shape),
        response: { 200: ReaderWidgetResponseSchema, ...NOT_MODIFIED, ...problemResponses(401) },
      },
    },
    async (request, reply) => {
      const item = await ctx.widgetCache.get(request.params.slug, request.query.component, request.reader);
      if (!item) {
        reply.header('cache-control', 'no-store');
        throw new NotFoundError(`No project with slug "${request.params.slug}"`);
      }
      const { reader, readerProject } = request;
      const answer =
        reader && readerProject
          ? await readerWidgetDocument(ctx.sql, ctx.config.publicUrl, readerProject, reader, item.body)
          : item;
      reply
        .header('cache-control', cacheControlFor(request, WIDGET_CACHE_CONTROL))
        .header('etag', answer.etag);
      if (fresh(request.headers, { etag: answer.etag })) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(answer.body);
    },
  );
  await app.register((scope) => readerSeenRoutes(scope, ctx));
}
