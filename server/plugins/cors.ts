/**
 * CORS as server/http/cors-policy.ts decides it: `*` with preflight on the public endpoints, none on
 * /api/v1 and /api/dashboard.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_CORS, sendsNoCors } from '../http/cors-policy.ts';

const NONE = { origin: false };

async function corsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    delegator: (request, callback) => {
      callback(null, sendsNoCors(request.url ?? '') ? NONE : PUBLIC_CORS);
    },
  });
}

export default fp(corsPlugin, { name: 'shiplog-cors' });
