/**
 * The public changelog page (docs/api.md#feeds-and-the-public-changelog-page): `GET /changelog/{slug}`, the page of one
 * entry `GET /changelog/{slug}/{entrySlug}`, and the project's theme stylesheet. Unknown projects and
 * entries: a 404 page for browsers, a problem document for other clients. An identified project's
 * pages and stylesheet answer only its readers (plugins/reader-identity.ts).
 */
import { COMPONENT_QUERY } from '../../../core/contract/public.schema.ts';
import { ReaderTokenQuery } from '../../../core/contract/readers.schema.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from '../../errors/errors.ts';
import { documentRoutes } from '../../openapi/document-routes.ts';
import {
  pageOrProblemResponses,
  pageRouteSchema,
  problemResponses,
  textResponse,
} from '../../errors/problem-responses.ts';
import { PUBLIC_DOCS } from '../../openapi/scope-docs.ts';
import { asPage, CHANGELOG_PAGE_CSP, sendPage } from '../../plugins/html-pages.ts';
import {
  cacheControlFor,
  READERS_ONLY_PAGE,
  readerIdentity,
  readerPageOptions,
} from '../../plugins/reader-identity.ts';
import type { ServiceContext } from '../../services/context.ts';
import {
  loadChangelog,
  loadChangelogEntry,
  loadDraftPreview,
  type PublicChangelog,
} from '../../services/public/public-changelog.ts';
import { renderChangelogPage, renderThemeCss } from '../../services/public/render-changelog-page.ts';
import { LocaleQuery } from '../../../core/contract/languages.schema.ts';
import { loadForReader } from './load-for-reader.ts';

const PAGE_CACHE_CONTROL = 'public, max-age=60';

/**
 * The page of `view` (loaded by {@link loadForReader}, which said its `Content-Language`), or a 404 (a
 * page for browsers, a problem document for other clients).
 */
function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  view: PublicChangelog | undefined,
  html: (view: PublicChangelog) => string,
  options: { notFound: string; cacheControl?: string } = {
    notFound: 'There is no changelog at this address.',
  },
): Promise<FastifyReply> {
  return asPage(request, reply, 'Not found', async () => {
    if (!view) throw new NotFoundError(options.notFound);
    return sendPage(reply, html(view), {
      cacheControl: options.cacheControl ?? cacheControlFor(request, PAGE_CACHE_CONTROL),
      csp: CHANGELOG_PAGE_CSP,
    });
  });
}

export async function changelogRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { publicUrl } = ctx.config;
  documentRoutes(app, PUBLIC_DOCS('Changelog page'));

  await app.register((scope) => readerPageRoutes(scope, ctx));

  app.get<{ Params: { slug: string; token: string } }>(
    '/changelog/:slug/preview/:token',
    {
      schema: pageRouteSchema(
        "A draft's preview, by the expiring link of its entry's `previewUrl`",
        'getDraftPreview',
        ['slug', 'token'],
      ),
    },
    async (request, reply) => {
      // The token is the secret: never cached, never indexed, never sent on as a referrer.
      reply.header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
      // No reader here: the preview shows the draft in the project's default locale.
      const view = await loadForReader(request, reply, () =>
        loadDraftPreview(ctx.sql, ctx.previewSecret, request.params.slug, request.params.token),
      );
      return answer(
        request,
        reply,
        view,
        (found) => renderChangelogPage(found, publicUrl, { preview: true }),
        {
          notFound: 'This preview link is unknown or has expired; ask for a new one.',
          cacheControl: 'no-store',
        },
      );
    },
  );
}

/** The pages a reader reads, in a scope of their own: only these identify the reader. */
async function readerPageRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { publicUrl } = ctx.config;
  await app.register(readerIdentity, { ctx, page: READERS_ONLY_PAGE, links: true });
  const withReader = <T extends { response: Record<string, unknown> }>(schema: T) => ({
    ...schema,
    response: { ...schema.response, ...pageOrProblemResponses(401) },
  });

  app.get<{ Params: { slug: string }; Querystring: { component?: string; token?: string; locale?: string } }>(
    '/changelog/:slug',
    {
      schema: {
        ...withReader(pageRouteSchema("A project's public changelog page", 'getChangelogPage', ['slug'])),
        querystring: COMPONENT_QUERY.extend(ReaderTokenQuery.shape).extend(LocaleQuery.shape),
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await loadForReader(request, reply, (reader, locale) =>
          loadChangelog(ctx.sql, request.params.slug, undefined, request.query.component, reader, locale),
        ),
        (view) => renderChangelogPage(view, publicUrl, readerPageOptions(request)),
      ),
  );

  app.get<{ Params: { slug: string; entrySlug: string }; Querystring: { token?: string; locale?: string } }>(
    '/changelog/:slug/:entrySlug',
    {
      schema: {
        ...withReader(
          pageRouteSchema("An entry's public page", 'getChangelogEntryPage', ['slug', 'entrySlug']),
        ),
        querystring: ReaderTokenQuery.extend(LocaleQuery.shape),
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await loadForReader(request, reply, (reader, locale) =>
          loadChangelogEntry(ctx.sql, request.params.slug, request.params.entrySlug, reader, locale),
        ),
        (view) =>
          renderChangelogPage(view, publicUrl, {
            entrySlug: request.params.entrySlug,
            ...readerPageOptions(request),
          }),
      ),
  );

  // The page's stylesheet names the project and its accent: an identified project's answers only its
  // readers, as the page does (the page links to it with the reader's link token).
  app.get<{ Params: { slug: string }; Querystring: { token?: string } }>(
    '/changelog/:slug/theme.css',
    {
      schema: {
        summary: "The changelog page's stylesheet (the project's accent colour)",
        operationId: 'getChangelogTheme',
        params: z.object({ slug: z.string() }),
        querystring: ReaderTokenQuery,
        response: { 200: textResponse('The stylesheet', 'text/css'), ...problemResponses(401) },
      },
    },
    async (request, reply) => {
      const view = await loadChangelog(ctx.sql, request.params.slug);
      if (!view) throw new NotFoundError('No such project');
      return reply
        .type('text/css; charset=utf-8')
        .header('cache-control', cacheControlFor(request, PAGE_CACHE_CONTROL))
        .send(renderThemeCss(view.project.accent));
    },
  );
}
