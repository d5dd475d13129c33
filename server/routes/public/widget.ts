/**
 * GET /api/widget/{slug}: the public widget JSON (docs/api.md#widget-json, docs/api.md#readers-and-audiences-segments-summary-announcements). No key, CORS `*` (plugins/cors.ts), a strong
 * ETag answered with 304 on If-None-Match, 404 `not_found` for an unknown slug. An anonymous answer of
 * a public project has the exact Cache-Control of docs/api.md#widget-json; an identified reader's (X-Shiplog-Reader)
 * adds their state and signed links and is `private`; an identified project answers 401 to anyone
 * else. `POST /api/widget/{slug}/seen` (reader-seen.ts) shares this scope and its reader.
 * Entries come in the reader's language (docs/languages.md#readers), one cached copy per language,
 * with `Content-Language` and `Vary: X-Shiplog-Reader, Accept-Language`.
 *
 * The hot path: an anonymous reader of a public project whose widget is cached is answered from memory
 * in the route's `onRequest` hook (widget-hot-path.ts), before validation and the reader plugin, which
 * have nothing to decide for them; everyone else goes the whole way.
 */
import type { FastifyInstance } from 'fastify';
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
import { LocaleQuery } from '../../../core/contract/languages.schema.ts';
import { readerProjectCache } from '../../services/readers/reader-project-cache.ts';
import { sendWidgetItem, WIDGET_CACHE_CONTROL, widgetHotPath } from './widget-hot-path.ts';

/** An identified reader's answer has their state and links too. */
const ReaderWidgetResponseSchema = WidgetResponseSchema.extend({
  reader: ReaderStateSchema.optional().describe("An identified reader's state, the same on every device"),
  links: ReaderLinksSchema.optional().describe("An identified reader's own links to the feeds and the page"),
});

export async function widgetRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  documentRoutes(app, PUBLIC_DOCS('Widget'));
  await app.register(readerIdentity, { ctx });
  const hotPath = widgetHotPath(ctx.widgetCache, readerProjectCache(ctx.sql, ctx.widgetCache));
  app.get<{
    Params: { slug: string };
    Querystring: { component?: string; token?: string; locale?: string };
  }>(
    '/api/widget/:slug',
    {
      onRequest: hotPath,
      schema: {
        summary: "A project's widget",
        description:
          "The last 20 external published entries, newest first, each in the reader's language (the token's `locale` claim, `?locale=`, then `Accept-Language`; `de-AT` falls back to `de`, then to the project's default locale, entry by entry; `entries[].locale` says which), with `Content-Language`. Cached by CDNs for 60 s (`s-maxage`), `Vary: X-Shiplog-Reader, Accept-Language`; `ETag` + `If-None-Match` → `304`. With a reader token (`X-Shiplog-Reader`, or `?token=`): the entries that reader may see, their state and their signed feed links, `Cache-Control: private`. An `identified` project answers `401` without one.",
        operationId: 'getWidget',
        // Any slug: an unknown one is a 404, whatever its length.
        params: z.object({ slug: z.string() }),
        querystring: COMPONENT_QUERY.extend(ReaderTokenQuery.shape).extend(LocaleQuery.shape),
        response: { 200: ReaderWidgetResponseSchema, ...NOT_MODIFIED, ...problemResponses(401) },
      },
    },
    async (request, reply) => {
      const { reader, readerProject, readerLocale } = request;
      const { slug } = request.params;
      const item =
        readerLocale === null
          ? undefined
          : await ctx.widgetCache.get(slug, request.query.component, reader, readerLocale);
      if (!item) {
        reply.header('cache-control', 'no-store');
        throw new NotFoundError(`No project with slug "${slug}"`);
      }
      const answer =
        reader && readerProject
          ? {
              ...item,
              ...(await readerWidgetDocument(
                ctx.sql,
                ctx.config.publicUrl,
                readerProject,
                reader,
                item.body,
              )),
            }
          : item;
      return sendWidgetItem(request, reply, answer, cacheControlFor(request, WIDGET_CACHE_CONTROL));
    },
  );
  await app.register((scope) => readerSeenRoutes(scope, ctx));
}
