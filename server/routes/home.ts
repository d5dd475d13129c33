/**
 * GET /: a small page for whoever opens the server's address in a browser: what this server is, where
 * the error reference and health checks are, and the one command that creates a project.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { PAGE_STYLESHEET, sendPage } from '../plugins/html-pages.ts';
import { escapeHtml } from '../services/engagement/render-email.ts';

function renderHome(publicUrl: string): string {
  const base = escapeHtml(publicUrl);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shiplog</title>
<link rel="stylesheet" href="${PAGE_STYLESHEET}">
</head><body><main>
<h1>Shiplog</h1>
<p>This is a Shiplog server: it turns what a team ships into a changelog its users read. Release tooling writes entries through the API at <code>${base}/api/v1</code>; websites embed the widget, which reads <code>${base}/api/widget/&lt;project&gt;</code>.</p>
<h2>Start</h2>
<p>Create a project and its API key on the machine that runs the server:</p>
<pre>npx shiplog projects create --name "My app" --slug my-app --plan pro</pre>
<p>Then publish an entry:</p>
<pre>curl ${base}/api/v1/entries -H "Authorization: Bearer shl_…" \\
  -H 'Content-Type: application/json' -d '{"title":"Dark mode","body":"Toggle it in Settings.","publish":true}'</pre>
<h2>Reference</h2>
<ul>
<li><a href="/docs/errors">Error codes</a>: every problem document the API answers</li>
<li><a href="/healthz">/healthz</a> (the process is up) and <a href="/readyz">/readyz</a> (its database answers)</li>
</ul>
</main></body></html>`;
}

export async function homeRoutes(app: FastifyInstance, config: Config): Promise<void> {
  const page = renderHome(config.publicUrl);
  app.get('/', async (_request, reply) => sendPage(reply, page, { cacheControl: 'public, max-age=300' }));
}
