/**
 * Readers' search (docs/api.md#readers-and-audiences-segments-summary-announcements, search):
 * - `GET /api/widget/{slug}/search?q=` → `{"entries": [… widget entry shape …]}`, at most 20, best match
 *   first; `q` 1-200 characters once trimmed, else `400 invalid`; CORS `*` (plugins/cors.ts); 404 for an
 *   unknown project.
 * - `GET /changelog/{slug}/search?q=`: the public page's search box sends its GET form here, so it works
 *   without JavaScript; the results as the page shows entries (their body). Without `q`, the empty form
 *   (or, for an entry published with the slug `search` before the slug was reserved, that entry).
 * Both see what the reader sees elsewhere (drafts, internal entries and entries for other segments
 * never), through the reader-identity plugin of this scope: `request.reader`, and `401` for an
 * `identified` project without a valid reader token.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SearchQuerySchema, SearchResponseSchema } from '../../../core/contract/public.schema.ts';
import { ReaderTokenQuery } from '../../../core/contract/readers.schema.ts';
import { NotFoundError } from '../../errors/errors.ts';
import { pageOrProblemResponses, pageRouteSchema, problemResponses } from '../../errors/problem-responses.ts';
import { documentRoutes } from '../../openapi/document-routes.ts';
import { PUBLIC_DOCS } from '../../openapi/scope-docs.ts';
import { asPage, CHANGELOG_PAGE_CSP, sendPage } from '../../plugins/html-pages.ts';
import {
  cacheControlFor,
  READERS_ONLY_PAGE,
  readerIdentity,
  readerPageOptions,
} from '../../plugins/reader-identity.ts';
import type { ServiceContext } from '../../services/context.ts';
import { loadChangelogEntry, searchChangelog } from '../../services/public/public-changelog.ts';
import { renderChangelogPage } from '../../services/public/render-changelog-page.ts';
import { searchWidgetEntries } from '../../services/public/search-widget-entries.ts';
import { LocaleQuery } from '../../../core/contract/languages.schema.ts';
import { loadForReader } from './load-for-reader.ts';

/** An anonymous search of a public project: shared caches may keep it as briefly as the widget. */
const SEARCH_CACHE_CONTROL = 'public, max-age=60';

/** The page's `q`: optional (the empty form), at most 200 characters. */
const PageSearchQuery = z
  .object({ q: z.string().trim().max(200).optional() })
  .extend(ReaderTokenQuery.shape)
  .extend(LocaleQuery.shape);

export async function searchRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { publicUrl } = ctx.config;

  await app.register(async (scope) => {
    documentRoutes(scope, PUBLIC_DOCS('Widget'));
    await scope.register(readerIdentity, { ctx });
    scope.get<{ Params: { slug: string }; Querystring: { q: string; token?: string; locale?: string } }>(
      '/api/widget/:slug/search',
      {
        schema: {
          summary: "Search a project's entries",
          description:
            "Full-text search (PostgreSQL) over the entries the reader may see, in their own text (the project's search language) and in their translation into the reader's language (that language's text search configuration): at most 20, best match first, each in the reader's language (`entries[].locale`, `Content-Language`). `q`: 1-200 characters, words, `\"a phrase\"`, `or`, `-word`.",
          operationId: 'searchEntries',
          params: z.object({ slug: z.string() }),
          querystring: SearchQuerySchema.extend(ReaderTokenQuery.shape).extend(LocaleQuery.shape),
          response: { 200: SearchResponseSchema, ...problemResponses(401) },
        },
      },
      async (request, reply) => {
        const { slug } = request.params;
        const found = await loadForReader(request, reply, (reader, locale) =>
          searchWidgetEntries(ctx.sql, publicUrl, slug, request.query.q, reader, locale),
        );
        if (!found) throw new NotFoundError(`No project with slug "${slug}"`);
        reply.header('cache-control', cacheControlFor(request, SEARCH_CACHE_CONTROL));
        return { entries: found.entries };
      },
    );
  });

  await app.register(async (scope) => {
    documentRoutes(scope, PUBLIC_DOCS('Changelog page'));
    // A browser refused gets a page saying so, as on the changelog's other pages.
    await scope.register(readerIdentity, { ctx, page: READERS_ONLY_PAGE, links: true });
    const page = pageRouteSchema("Search a project's public changelog page", 'searchChangelogPage', ['slug']);
    scope.get<{ Params: { slug: string }; Querystring: { q?: string; token?: string; locale?: string } }>(
      '/changelog/:slug/search',
      {
        schema: {
          ...page,
          querystring: PageSearchQuery,
          response: { ...page.response, ...pageOrProblemResponses(400, 401) },
        },
      },
      async (request, reply) =>
        asPage(request, reply, 'Not found', async () => {
          const { slug } = request.params;
          const q = request.query.q ?? '';
          const options = { search: { q }, ...readerPageOptions(request) };
          const legacy =
            q === ''
              ? await loadForReader(request, reply, (reader, locale) =>
                  loadChangelogEntry(ctx.sql, slug, 'search', reader, locale),
                )
              : undefined;
          let html: string;
          if (legacy) {
            html = renderChangelogPage(legacy, publicUrl, {
              entrySlug: 'search',
              ...readerPageOptions(request),
            });
          } else {
            const view = await loadForReader(request, reply, (reader, locale) =>
              searchChangelog(ctx.sql, slug, q, reader, locale),
            );
            if (!view) throw new NotFoundError('There is no changelog at this address.');
            html = renderChangelogPage(q === '' ? { ...view, entries: [] } : view, publicUrl, options);
          }
          return sendPage(reply, html, {
            cacheControl: cacheControlFor(request, SEARCH_CACHE_CONTROL),
            csp: CHANGELOG_PAGE_CSP,
          });
        }),
    );
  });
}
