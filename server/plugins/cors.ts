/**
 * CORS as server/http/cors-policy.ts decides it: `*` with preflight on the public endpoints, none on
 * /api/v1 and /api/dashboard. An `OPTIONS` that is no preflight is answered like any other method
 * (errors/error-handler.ts: `204` with `Allow`), not as a failed preflight.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_CORS, PUBLIC_CORS_NO_PREFLIGHT, sendsNoCors } from '../http/cors-policy.ts';

const NONE = { origin: false };

async function corsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    delegator: (request, callback) => {
      if (sendsNoCors(request.url ?? '')) return callback(null, NONE);
      // A preflight names the method to come (Fetch standard, CORS protocol).
      const plain = request.method === 'OPTIONS' && !request.headers['access-control-request-method'];
      callback(null, plain ? PUBLIC_CORS_NO_PREFLIGHT : PUBLIC_CORS);
    },
  });
}

export default fp(corsPlugin, { name: 'shiplog-cors' });
