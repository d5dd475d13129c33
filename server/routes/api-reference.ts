/**
 * `GET /docs`: the API reference, Scalar's (@scalar/fastify-api-reference) over `/openapi.json`, its
 * script served from this origin (`/docs/js/scalar.js`: no CDN) under the pages' strict CSP: the
 * page's one inline script (Scalar's configuration) is allowed by its SHA-256, and the stylesheet the
 * script injects by a nonce made for each answer. `/docs/errors` is its own page (docs-errors.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import apiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { API_REFERENCE_CSP, setPageHeaders } from '../plugins/html-pages.ts';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** `'sha256-…'` sources of the inline scripts of `html`. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
}

/**
 * The page as sent: in English (`lang`), with the nonce Scalar's script reads for the stylesheet it
 * injects (`meta[property=csp-nonce]`).
 */
function withNonce(html: string, nonce: string): string {
  return html
    .replace('<html>', '<html lang="en">')
    .replace('<head>', `<head>\n    <meta property="csp-nonce" content="${nonce}" />`);
}

export async function apiReferenceRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type')).startsWith('text/html'))
      return payload;
    const nonce = randomBytes(16).toString('base64');
    await setPageHeaders(reply, {
      ...API_REFERENCE_CSP,
      scriptSrc: [...API_REFERENCE_CSP.scriptSrc, ...inlineScriptHashes(payload)],
      styleSrc: ["'self'", `'nonce-${nonce}'`],
    });
    reply.header('cache-control', 'no-store');
    return withNonce(payload, nonce);
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
      agent: { disabled: true },
      telemetry: false,
    },
  });
}
