/** GET /docs/errors: every problem `code`, its status and what to do; `type` URIs point at its anchors. */
import type { FastifyInstance } from 'fastify';
import { PROBLEM_CODES } from '../../core/contract/problem.ts';
import { PAGE_STYLESHEET, sendPage } from '../plugins/html-pages.ts';
import { escapeHtml } from '../services/engagement/render-email.ts';

function renderPage(): string {
  const rows = Object.entries(PROBLEM_CODES)
    .map(
      ([code, meta]) =>
        `<section id="${code}"><h2><code>${code}</code> · ${meta.status} ${escapeHtml(meta.title)}</h2><p>${escapeHtml(meta.description).replace(/`([^`]+)`/g, '<code>$1</code>')}</p></section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shiplog API errors</title><link rel="stylesheet" href="${PAGE_STYLESHEET}"></head>
<body><main><h1>Shiplog API errors</h1>
<p>Every error is an RFC 9457 problem document (<code>application/problem+json</code>) with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, <code>code</code> and <code>requestId</code>; <code>invalid</code> adds <code>errors</code>, one JSON Pointer per failing field.</p>
${rows}
</main></body></html>`;
}

export async function docsErrorsRoutes(app: FastifyInstance): Promise<void> {
  const page = renderPage();
  app.get('/docs/errors', async (_request, reply) =>
    sendPage(reply, page, { cacheControl: 'public, max-age=3600' }),
  );
}
