/**
 * CORS: `*` with preflight on the public endpoints, never credentials; none at all on /api/v1, whose
 * keys belong to servers and CI, never to browsers (CONTRACT.md "Key-authenticated API"), nor on the
 * dashboard's /api/dashboard, which the session cookie authenticates.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Built once: the delegator runs on every request, the widget's hot path included. */
const PUBLIC = {
  origin: '*',
  credentials: false,
  methods: ['GET', 'HEAD', 'POST'],
  // X-Shiplog-Reader: an identified reader's token (plugins/reader-identity.ts).
  allowedHeaders: ['Content-Type', 'If-None-Match', 'X-Shiplog-Reader'],
  exposedHeaders: ['ETag', 'Retry-After', 'RateLimit', 'RateLimit-Policy'],
  maxAge: 86_400,
};
const NONE = { origin: false };

/** Whether `url` is on the key-authenticated API, which sends no CORS headers. */
export function isKeyApiPath(url: string): boolean {
  return url.startsWith('/api/v1/') || url === '/api/v1' || url.startsWith('/api/v1?');
}

/**
 * Whether `url` answers without CORS: the key-authenticated API and the dashboard's routes, which a
 * session cookie authenticates (CONTRACT.md "Dashboard": no CORS ever applies to them).
 */
export function sendsNoCors(url: string): boolean {
  return isKeyApiPath(url) || /^\/api\/dashboard(?:[/?]|$)/.test(url);
}

/** The CORS headers of a public response, for answers written outside the plugin (framework errors). */
export const PUBLIC_CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': PUBLIC.exposedHeaders.join(', '),
};

async function corsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    delegator: (request, callback) => {
      callback(null, sendsNoCors(request.url ?? '') ? NONE : PUBLIC);
    },
  });
}

export default fp(corsPlugin, { name: 'shiplog-cors' });
