/**
 * GET /: a small page for whoever opens the server's address in a browser (issue 30 item 12): what
 * this server is, the dashboard to sign in to (`/app`), the public changelogs of its projects, the API
 * reference (`/docs`), how release tooling publishes, and the error reference and health checks. It
 * fits a 375 px screen: long addresses and commands wrap inside their boxes.
 */
import type { FastifyInstance } from 'fastify';
import { documentRoutes } from '../openapi/document-routes.ts';
import { pageRouteSchema } from '../errors/problem-responses.ts';
import { PUBLIC_DOCS } from '../openapi/scope-docs.ts';
import { sendPage } from '../plugins/html-pages.ts';
import type { ServiceContext } from '../services/context.ts';
import { publicChangelogLinks } from '../services/public/list-public-changelogs.ts';
import { renderView } from '../views/render-view.ts';

export async function homeRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  documentRoutes(app, PUBLIC_DOCS('Pages'));
  app.get('/', { schema: pageRouteSchema('What this server is', 'getHome') }, async (_request, reply) => {
    const links = await publicChangelogLinks(ctx);
    const body = renderView('home', { base: ctx.config.publicUrl, ...links });
    return sendPage(reply, renderView('layout', { title: 'Shiplog', body }), {
      cacheControl: 'public, max-age=300',
    });
  });
}
