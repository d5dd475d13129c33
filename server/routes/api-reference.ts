/**
 * `GET /docs`: the API reference, Scalar's (@scalar/fastify-api-reference) over `/openapi.json`, its
 * script served from this origin (`/docs/js/scalar.js`: no CDN) under the pages' strict CSP, with two
 * allowances: the page's one inline script (Scalar's configuration) by its SHA-256, and inline styles,
 * which Scalar's components set as they render (the page shows the API document and nothing a user
 * wrote). No `eval`: the zod inside Scalar probes for it once and then parses without it.
 * `/docs/errors` is its own page (docs-errors.ts).
 */
import { createHash } from 'node:crypto';
import apiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { API_REFERENCE_CSP, setPageHeaders } from '../plugins/html-pages.ts';

/**
 * Scalar's light theme, with muted text and the HTTP method colours darkened to WCAG AA contrast
 * (4.5:1) on its white and grey backgrounds (axe-core checks it: test/e2e/api-reference.e2e.ts).
 */
const CONTRAST_CSS = `body.light-mode {
  --scalar-color-3: #636363;
  --scalar-color-green: #00704a;
  --scalar-color-red: #c00000;
  --scalar-color-yellow: #7a5d00;
  --scalar-color-blue: #0054a6;
  --scalar-color-orange: #a54e00;
  --scalar-color-purple: #6a3fb5;
}`;

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** `'sha256-…'` sources of the inline scripts of `html`. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
}

export async function apiReferenceRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type')).startsWith('text/html'))
      return payload;
    setPageHeaders(reply, {
      ...API_REFERENCE_CSP,
      scriptSrc: [...API_REFERENCE_CSP.scriptSrc, ...inlineScriptHashes(payload)],
    });
    reply.header('cache-control', 'public, max-age=300');
    // The page is in English (Scalar's template names no language).
    return payload.replace('<html>', '<html lang="en">');
  });
  await app.register(apiReference, {
    routePrefix: '/docs',
    logLevel: 'warn',
    configuration: {
      url: '/openapi.json',
      pageTitle: 'Shiplog API reference',
      // Fonts would come from Scalar's servers: the system's fonts instead.
      withDefaultFonts: false,
      // No calls to anyone but this server (the client's proxy and AI helpers are Scalar's services).
      hideClientButton: true,
      // Scalar's own toolbar (deploy, share, SDKs) is for its developers, not ours.
      showDeveloperTools: 'never',
      customCss: CONTRAST_CSS,
      agent: { disabled: true },
      telemetry: false,
    },
  });
}
