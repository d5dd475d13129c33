/**
 * CORS as server/http/cors-policy.ts decides it: `*` with preflight on the public endpoints, none on
 * /api/v1 and /api/dashboard. An `OPTIONS` that is no preflight is answered like any other method
 * (errors/error-handler.ts: `204` with `Allow`), not as a failed preflight.
 *
 * Decided once per route, as it is declared, not on every request (fastify's Hooks reference, onRoute
 * and route-level hooks):
 * - a public route gets a route-level `onRequest` hook, first of its own, that sets the two headers of
 *   a public answer ({@link PUBLIC_CORS_HEADERS}); the key-authenticated and dashboard routes get none;
 * - `OPTIONS` requests, all taken by @fastify/cors's catch-all `OPTIONS *` route, get @fastify/cors
 *   itself, registered in a scope of its own so that its per-request hook (which rebuilds its options
 *   for every request a delegator decides) runs on that route alone;
 * - problem documents (errors raised by a scope's hooks before a route's own, 404 and 405) get the
 *   headers where they are written (errors/error-handler.ts `sendProblem`).
 * Register it before the routes, so that each one is seen as it is declared.
 */
import cors from '@fastify/cors';
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  PUBLIC_CORS,
  PUBLIC_CORS_HEADERS,
  PUBLIC_CORS_NO_PREFLIGHT,
  sendsNoCors,
} from '../http/cors-policy.ts';

const NONE = { origin: false };

/** @fastify/cors's catch-all preflight route. */
const PREFLIGHT_ROUTE = '*';

/** The headers of a public answer, set before the route's other `onRequest` hooks can answer. */
const publicCorsHeaders: onRequestHookHandler = function publicCorsHeaders(_request, reply, done) {
  reply.headers(PUBLIC_CORS_HEADERS);
  done();
};

/** Put {@link publicCorsHeaders} first among `route`'s own `onRequest` hooks when it is public. */
function addCorsHook(route: RouteOptions): void {
  if (route.url === PREFLIGHT_ROUTE || sendsNoCors(route.url)) return;
  const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
  route.onRequest = [publicCorsHeaders, ...own];
}

async function corsPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', addCorsHook);
  await app.register(async (preflights) => {
    await preflights.register(cors, {
      delegator: (request, callback) => {
        if (sendsNoCors(request.url ?? '')) return callback(null, NONE);
        // Only `OPTIONS` comes here; a preflight names the method to come (Fetch standard, CORS protocol).
        const plain = !request.headers['access-control-request-method'];
        callback(null, plain ? PUBLIC_CORS_NO_PREFLIGHT : PUBLIC_CORS);
      },
    });
  });
}

export default fp(corsPlugin, { name: 'shiplog-cors' });
