/**
 * The HTML pages (home, /docs/errors, confirm and unsubscribe, the changelog pages) and their one
 * stylesheet, with the security headers of helmet (docs/configuration.md#configuration): a strict
 * Content-Security-Policy (no script at all, styles only from this origin, forms only to this origin,
 * no framing; images from this origin, and also from `https:` on the changelog pages), nosniff, frame
 * protection and no referrer. JSON routes do not carry them: they are not documents.
 *
 * helmet runs only where a page is sent ({@link setPageHeaders}), not through @fastify/helmet, whose
 * two `onRequest` hooks (one of them async) run on every request of the app, the widget's included,
 * whether it sends a page or not.
 */
import { readFile } from 'node:fs/promises';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError } from '../errors/errors.ts';
import { renderPage } from '../services/engagement/render-page.ts';

/** Where pages link their stylesheet. */
export const PAGE_STYLESHEET = '/assets/page.css';

const HELMET = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' as const },
  crossOriginResourcePolicy: { policy: 'same-origin' as const },
};

/**
 * The CSP of a page that embeds the widget (the demo): scripts, connections and styles from this
 * origin only (the widget's stylesheets are constructed, so no `'unsafe-inline'`), still nothing inline.
 */
export const WIDGET_HOST_CSP = {
  ...HELMET.contentSecurityPolicy.directives,
  scriptSrc: ["'self'"],
  connectSrc: ["'self'"],
  imgSrc: ["'self'", 'https:', 'data:'],
};

/**
 * The CSP of the changelog pages (the project's page, an entry's page, a draft preview): the strict
 * one, except that images load from this origin and any `https:` address, as in the widget, since an
 * entry's Markdown may name them. Nothing else: no `http:` (mixed content on an `https:` page), no
 * `data:` or `blob:` (the sanitizer keeps only absolute http(s) sources anyway).
 */
export const CHANGELOG_PAGE_CSP = {
  ...HELMET.contentSecurityPolicy.directives,
  imgSrc: ["'self'", 'https:'],
};

/**
 * The CSP of the API reference (/docs): its script and the API document from this origin; images from
 * this origin and `data:` (its icons); inline styles, which its components set as they render. Its one
 * inline script is added by hash (routes/api-reference.ts); no other inline script, no `eval`.
 */
export const API_REFERENCE_CSP = {
  ...HELMET.contentSecurityPolicy.directives,
  styleSrc: ["'self'", "'unsafe-inline'"],
  scriptSrc: ["'self'"],
  connectSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
};

/** helmet's middleware for the pages with the strict policy, built once. */
const strictPageHeaders = helmet(HELMET);

/** helmet's middleware with other CSP directives (`csp`), built per page: those are rare. */
function pageHeadersWith(csp: Record<string, string[]>) {
  const options: HelmetOptions = {
    ...HELMET,
    contentSecurityPolicy: { useDefaults: false, directives: csp },
  };
  return helmet(options);
}

/**
 * Set a page's security headers on `reply` (`csp`: other CSP directives for this page). helmet sets
 * them on the raw response, which Fastify's own headers join when it writes the head.
 * @throws whatever helmet throws for a directive it refuses (a programming error, never input).
 */
export function setPageHeaders(reply: FastifyReply, csp?: Record<string, string[]>): void {
  const middleware = csp ? pageHeadersWith(csp) : strictPageHeaders;
  middleware(reply.request.raw, reply.raw, (err?: unknown) => {
    if (err) throw err;
  });
}

/** Send `html` as a page with the security headers (`csp`: other CSP directives for this page). */
export async function sendPage(
  reply: FastifyReply,
  html: string,
  options: { status?: number; cacheControl?: string; csp?: Record<string, string[]> } = {},
): Promise<FastifyReply> {
  setPageHeaders(reply, options.csp);
  return reply
    .code(options.status ?? 200)
    .type('text/html; charset=utf-8')
    .header('cache-control', options.cacheControl ?? 'no-store')
    .send(html);
}

/** Whether the client asked for a page (a browser) rather than JSON. */
export function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Run a page action; a NotFoundError becomes a 404 page titled `title` for browsers (with `headers`),
 * and stays a problem document for other clients.
 */
export async function asPage(
  request: FastifyRequest,
  reply: FastifyReply,
  title: string,
  run: () => Promise<FastifyReply>,
  headers: Record<string, string> = {},
): Promise<FastifyReply> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof NotFoundError && wantsHtml(request)) {
      return sendPage(reply.headers(headers), renderPage({ title, message: err.message }), { status: 404 });
    }
    throw err;
  }
}

async function htmlPagesPlugin(app: FastifyInstance): Promise<void> {
  const css = await readFile(new URL('../views/page.css', import.meta.url), 'utf8');
  // Browsers ask every origin for one; an empty answer keeps their consoles free of 404s.
  app.get('/favicon.ico', async (_request, reply) =>
    reply.code(204).header('cache-control', 'public, max-age=86400').send(),
  );
  app.get(PAGE_STYLESHEET, async (_request, reply) => {
    setPageHeaders(reply);
    return reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=86400').send(css);
  });
}

export default fp(htmlPagesPlugin, { name: 'shiplog-html-pages' });
