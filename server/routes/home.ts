/**
 * GET /: a small page for whoever opens the server's address in a browser: what this server is, where
 * the error reference and health checks are, and the one command that creates a project.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { documentRoutes } from '../openapi/document-routes.ts';
import { pageRouteSchema } from '../openapi/problem-responses.ts';
import { PUBLIC_DOCS } from '../openapi/scope-docs.ts';
import { sendPage } from '../plugins/html-pages.ts';
import { renderView } from '../views/render-view.ts';

function renderHome(publicUrl: string): string {
  return renderView('layout', { title: 'Shiplog', body: renderView('home', { base: publicUrl }) });
}

export async function homeRoutes(app: FastifyInstance, config: Config): Promise<void> {
  const page = renderHome(config.publicUrl);
  documentRoutes(app, PUBLIC_DOCS('Pages'));
  app.get('/', { schema: pageRouteSchema('What this server is', 'getHome') }, async (_request, reply) =>
    sendPage(reply, page, { cacheControl: 'public, max-age=300' }),
  );
}
