/**
 * The methods each path has, for `405 method_not_allowed` and its `Allow` header (RFC 9110 §15.5.6:
 * a 405 lists the target's methods; §10.2.1). Every route is added, as it is declared (an `onRoute`
 * hook), to a find-my-way router (fastify's own router, so a concrete path matches the same routes
 * here as when it is served); a path's methods are those whose routes match it. `HEAD` goes with every
 * `GET` (fastify answers it), and `OPTIONS` with every public path, where the CORS plugin answers the
 * preflight (plugins/cors.ts, http/cors-policy.ts). The CORS plugin's catch-all `OPTIONS *` route is left out: it would make
 * every path, even one with no route, look known.
 */
import type { FastifyInstance } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { sendsNoCors } from '../http/cors-policy.ts';

/** The order `Allow` lists methods in. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const CATCH_ALL = new Set(['*', '/*']);

export type RouteMethods = {
  /**
   * The methods `url` (a request target, query allowed) has, in `Allow` order; empty when no route
   * matches its path.
   */
  of(url: string): string[];
};

/** Collect the routes declared on `app` from now on (register before the routes). */
export function collectRouteMethods(app: FastifyInstance): RouteMethods {
  const router = FindMyWay();
  const methods = new Set<HTTPMethod>();
  app.addHook('onRoute', (route) => {
    if (CATCH_ALL.has(route.url)) return;
    for (const method of [route.method].flat() as HTTPMethod[]) {
      if (router.hasRoute(method, route.url)) continue;
      router.on(method, route.url, () => undefined);
      methods.add(method);
    }
  });
  return {
    of(url) {
      const found = new Set([...methods].filter((method) => router.find(method, url) !== null));
      if (found.size === 0) return [];
      if (found.has('GET')) found.add('HEAD');
      if (!sendsNoCors(url)) found.add('OPTIONS');
      const rank = (m: string) => (ORDER.includes(m) ? ORDER.indexOf(m) : ORDER.length);
      return [...found].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    },
  };
}
