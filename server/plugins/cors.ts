/**
 * CORS: `*` with preflight on the public endpoints, never credentials; none at all on /api/v1, whose
 * keys belong to servers and CI, never to browsers (CONTRACT.md "Key-authenticated API").
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Built once: the delegator runs on every request, the widget's hot path included. */
const PUBLIC = {
  origin: '*',
  credentials: false,
  methods: ['GET', 'HEAD', 'POST'],
  allowedHeaders: ['Content-Type', 'If-None-Match'],
  exposedHeaders: ['ETag', 'Retry-After', 'RateLimit', 'RateLimit-Policy'],
  maxAge: 86_400,
};
const NONE = { origin: false };

async function corsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    delegator: (request, callback) => {
      const url = request.url ?? '';
      callback(null, url.startsWith('/api/v1/') || url === '/api/v1' ? NONE : PUBLIC);
    },
  });
}

export default fp(corsPlugin, { name: 'shiplog-cors' });
