/**
 * The embed script (docs/widget.md#widget): `GET /widget.js` answers a short-lived redirect to the
 * content-hashed `GET /widget.<hash>.js`, which is cached for a year (`immutable`). A script tag keeps
 * its own `src` through the redirect, so the widget still knows the Shiplog origin. `GET /demo/{slug}`
 * embeds it in a page under a strict CSP (no inline script or style); an `identified` project's only
 * for a reader token (`?token=`), else 401, as its widget.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from '../../errors/errors.ts';
import { documentRoutes } from '../../openapi/document-routes.ts';
import { pageOrProblemResponses, pageRouteSchema, textResponse } from '../../errors/problem-responses.ts';
import { PUBLIC_DOCS } from '../../openapi/scope-docs.ts';
import { asPage, sendPage, WIDGET_HOST_CSP } from '../../plugins/html-pages.ts';
import { READERS_ONLY_PAGE, readerIdentity } from '../../plugins/reader-identity.ts';
import { ReaderTokenQuery } from '../../../core/contract/readers.schema.ts';
import type { ServiceContext } from '../../services/context.ts';
import { findPublicProject } from '../../services/public/public-changelog.ts';
import { loadWidgetBundle } from '../../services/public/widget-bundle.ts';
import { renderView } from '../../views/render-view.ts';

export async function widgetScriptRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const bundle = await loadWidgetBundle();
  if (!bundle) app.log.warn('widget/dist/widget.js is missing: run `npm run build` to serve /widget.js');
  const missing = () => new NotFoundError('The widget is not built on this server: run `npm run build`');
  // The script is served from memory; the demo page reads its project.
  documentRoutes(
    app,
    PUBLIC_DOCS('Widget', (route) => route.url.startsWith('/demo/')),
  );

  app.get(
    '/widget.js',
    {
      schema: {
        summary: 'The embed script',
        description: "Redirects to the current build's content-hashed address, cached for a year.",
        operationId: 'getWidgetScript',
        response: { 302: z.undefined().describe('`Location`: /widget.{hash}.js') },
      },
    },
    async (_request, reply) => {
      if (!bundle) throw missing();
      return reply
        .code(302)
        .header('location', `/widget.${bundle.hash}.js`)
        .header('cache-control', 'public, max-age=300')
        .send();
    },
  );

  app.get<{ Params: { hash: string } }>(
    '/widget.:hash.js',
    {
      schema: {
        summary: 'One build of the embed script (immutable)',
        operationId: 'getWidgetBuild',
        params: z.object({ hash: z.string() }),
        response: { 200: textResponse('The script', 'text/javascript') },
      },
    },
    async (request, reply) => {
      if (!bundle) throw missing();
      if (request.params.hash !== bundle.hash) throw new NotFoundError('No such widget build');
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bundle.code);
    },
  );

  // The demo names its project: an identified one's only to its readers (docs/readers.md#what-an-identified-reader-gets), as its widget; anyone else gets 401 (a page saying so for a browser).
  await app.register(async (scope) => {
    await scope.register(readerIdentity, { ctx, page: READERS_ONLY_PAGE });
    const schema = pageRouteSchema("A page that embeds a project's widget", 'getWidgetDemo', ['slug']);
    scope.get<{ Params: { slug: string }; Querystring: { token?: string } }>(
      '/demo/:slug',
      {
        schema: {
          ...schema,
          querystring: ReaderTokenQuery,
          response: { ...schema.response, ...pageOrProblemResponses(401) },
        },
      },
      async (request, reply) =>
        asPage(request, reply, 'No such project', async () => {
          const project = await findPublicProject(ctx.sql, request.params.slug);
          if (!project) throw new NotFoundError(`No project with slug "${request.params.slug}"`);
          const body = renderView('demo', { project, base: ctx.config.publicUrl });
          return sendPage(
            reply,
            renderView('layout', { title: `${project.name}: widget demo`, body, noindex: true }),
            { csp: WIDGET_HOST_CSP },
          );
        }),
    );
  });
}
