/**
 * Which responses carry CORS headers, and which (docs/api.md#authentication-plans-rate-limit, docs/api.md#dashboard-api): `*`
 * with preflight on the public endpoints, never credentials; none at all on /api/v1, whose keys belong
 * to servers and CI, never to browsers, nor on the dashboard's /api/dashboard, which the session cookie
 * authenticates. A leaf module: the CORS plugin applies it, and the error handlers (server/errors/),
 * which answer outside the plugin, read it too.
 */

/**
 * The public endpoints' CORS options (@fastify/cors, which answers the preflights). Never
 * `strictPreflight`, whose answer to a malformed preflight is a `400 text/plain`, outside the problem
 * documents every other error is.
 */
export const PUBLIC_CORS = {
  origin: '*',
  credentials: false,
  methods: ['GET', 'HEAD', 'POST'],
  // X-Shiplog-Reader: an identified reader's token (plugins/reader-identity.ts).
  allowedHeaders: ['Content-Type', 'If-None-Match', 'X-Shiplog-Reader'],
  exposedHeaders: ['ETag', 'Retry-After', 'RateLimit', 'RateLimit-Policy'],
  maxAge: 86_400,
  strictPreflight: false,
};

/**
 * The same for an `OPTIONS` that is no preflight (no `Access-Control-Request-Method`): the CORS
 * headers of any answer, and the request goes on to be answered like any other method (`204` with
 * `Allow`, errors/error-handler.ts).
 */
export const PUBLIC_CORS_NO_PREFLIGHT = { ...PUBLIC_CORS, preflight: false };

/** Whether `url` is on the key-authenticated API, which sends no CORS headers. */
export function isKeyApiPath(url: string): boolean {
  return url.startsWith('/api/v1/') || url === '/api/v1' || url.startsWith('/api/v1?');
}

/**
 * Whether `url` answers without CORS: the key-authenticated API and the dashboard's routes, which a
 * session cookie authenticates (docs/api.md#dashboard-api: no CORS ever applies to them).
 */
export function sendsNoCors(url: string): boolean {
  return isKeyApiPath(url) || /^\/api\/dashboard(?:[/?]|$)/.test(url);
}

/**
 * The CORS headers of every public answer that is no preflight: set by each public route's first hook
 * (plugins/cors.ts) and on every problem document (errors/). The same as @fastify/cors's for
 * {@link PUBLIC_CORS}, without its `Vary: Origin`: the origin allowed is `*` whoever asks.
 */
export const PUBLIC_CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': PUBLIC_CORS.exposedHeaders.join(', '),
};
