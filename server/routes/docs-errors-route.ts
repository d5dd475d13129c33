/** GET /docs/errors: every problem `code`, its status and what to do; `type` URIs point at its anchors. */
import type { FastifyInstance } from 'fastify';
import { PROBLEM_CODES } from '../../core/contract/problem.ts';
import { documentRoutes } from '../openapi/document-routes.ts';
import { pageRouteSchema } from '../errors/problem-responses.ts';
import { PUBLIC_DOCS } from '../openapi/scope-docs.ts';
import { sendPage } from '../plugins/html-pages.ts';
import { renderView } from '../views/render-view.ts';

function renderPage(): string {
  const codes = Object.entries(PROBLEM_CODES).map(([code, meta]) => ({
    code,
    status: meta.status,
    title: meta.title,
    // `code spans` of the description, as alternating text and code parts.
    parts: meta.description.split('`'),
  }));
  return renderView('layout', { title: 'Shiplog API errors', body: renderView('docs-errors', { codes }) });
}

export async function docsErrorsRoutes(app: FastifyInstance): Promise<void> {
  const page = renderPage();
  documentRoutes(
    app,
    PUBLIC_DOCS('Pages', () => false),
  );
  app.get(
    '/docs/errors',
    { schema: pageRouteSchema('Every problem `code`: its status and what to do', 'getErrorCodes') },
    async (_request, reply) => sendPage(reply, page, { cacheControl: 'public, max-age=3600' }),
  );
}
