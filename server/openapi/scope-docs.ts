/**
 * Who may call each part of the API and how it can fail, as the document says it
 * (openapi/document-routes.ts): /api/v1 (an API key, or the dashboard's session naming a project) and
 * the public endpoints (no credentials).
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

/** Public routes: no credentials; `database` says which need the database (default: all). */
export const PUBLIC_DOCS = (tag: string, database?: ScopeDocs['database']): ScopeDocs => ({
  tag,
  security: () => [],
  ...(database ? { database } : {}),
});
