/**
 * Who may call each part of the API and how it can fail, as the document says it
 * (openapi/document-routes.ts): /api/v1 (an API key, or the dashboard's session naming a project),
 * the public endpoints (no credentials) and the dashboard's JSON routes (the session).
 */
import type { RouteOptions } from 'fastify';
import type { ScopeDocs, SecurityRequirement } from './document-routes.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const changesState = (route: RouteOptions) => [route.method].flat().some((m) => !READS.has(m));

/** The session's requirement: the cookie, and the CSRF header on a request that changes something. */
const session = (route: RouteOptions, extra: SecurityRequirement = {}): SecurityRequirement => ({
  session: [],
  ...(changesState(route) ? { csrf: [] } : {}),
  ...extra,
});

/** `/api/v1/channels/{id}` → `Channels`. */
function v1Tag(route: RouteOptions): string {
  const resource = route.url.replace(/^\/api\/v1\//, '').split('/')[0] ?? 'entries';
  return resource.charAt(0).toUpperCase() + resource.slice(1);
}

export const V1_DOCS: ScopeDocs = {
  tag: v1Tag,
  security: (route) => [{ apiKey: [] }, session(route, { project: [] })],
  // 401 no credentials; 402 the free plan; 403 the role; 429 the per-key limit. POST takes an
  // Idempotency-Key: 409 still in flight, 422 reused with another body.
  problems: (route) => [401, 402, 403, 429, ...([route.method].flat().includes('POST') ? [409, 422] : [])],
};

export const PUBLIC_DOCS = (tag: string): ScopeDocs => ({ tag, security: () => [] });

/** The dashboard's routes that need no session: they open one, or act by an emailed link's token. */
const OPEN_DASHBOARD_ROUTES = new Set([
  '/api/dashboard/setup',
  '/api/dashboard/setup/:token',
  '/api/dashboard/sign-in',
  '/api/dashboard/session',
  '/api/dashboard/password-reset',
  '/api/dashboard/password-reset/confirm',
  '/api/dashboard/invitations/:token',
  '/api/dashboard/invitations/accept',
]);

export const DASHBOARD_DOCS: ScopeDocs = {
  tag: 'Dashboard',
  // Every change needs a same-origin Origin, signed in or not (403); sign-in and the like are limited.
  security: (route) => (OPEN_DASHBOARD_ROUTES.has(route.url) ? [] : [session(route)]),
  problems: (route) => [403, 429, ...(OPEN_DASHBOARD_ROUTES.has(route.url) ? [] : [401])],
};
