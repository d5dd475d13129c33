/**
 * `Idempotency-Key` on the POST routes of /api/v1 (docs/api.md#idempotency; IETF draft "The
 * Idempotency-Key HTTP Header Field"):
 * - same key, same request within 24 h: the first response is replayed with `Idempotent-Replayed: true`;
 * - same key, different request: 422 `idempotency_key_reused`;
 * - same key while the first request still runs: 409 `conflict`;
 * - a 5xx or 429 outcome is not stored: the key is released so that a retry runs again.
 * Keys are scoped to the authenticated project: a named plugin (`shiplog-idempotency`) that declares
 * `shiplog-api-key-auth` as its dependency, so it cannot be registered before authentication.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Sql } from '../db/connect.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyRecord,
  releaseIdempotencyKey,
} from '../db/idempotency-keys.ts';
import { ConflictError, IdempotencyKeyReusedError, InvalidError } from '../errors/errors.ts';
import { authOf } from './auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

/** Response headers worth replaying (others, like Date or RateLimit, describe the replay itself). */
const REPLAYED_HEADERS = ['content-type', 'location'];

function fingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, request.body ?? null]))
    .digest('base64url');
}

async function idempotencyPlugin(app: FastifyInstance, options: { sql: Sql }): Promise<void> {
  const { sql } = options;
  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('idempotencyStored', false);

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header.join(',') : header;
    if (key.length < 1 || key.length > 255) {
      throw new InvalidError('Idempotency-Key must be 1-255 characters', [
        { pointer: '/headers/idempotency-key', detail: 'Must be 1-255 characters' },
      ]);
    }
    const projectId = authOf(request).project.id;
    const print = fingerprint(request);
    // Two rounds: a record released between our claim and our read is claimed on the second.
    for (let round = 0; round < 2; round++) {
      if (await claimIdempotencyKey(sql, projectId, key, print)) {
        request.idempotencyKey = key;
        return;
      }
      const record = await findIdempotencyRecord(sql, projectId, key);
      if (!record) continue;
      if (record.fingerprint !== print) throw new IdempotencyKeyReusedError();
      if (record.state === 'in_flight') {
        throw new ConflictError(
          'A request with this Idempotency-Key is still in progress; retry when it has finished',
        );
      }
      return reply
        .code(record.responseStatus!)
        .headers(record.responseHeaders ?? {})
        .header('idempotent-replayed', 'true')
        .send(record.responseBody);
    }
    throw new ConflictError(
      'A request with this Idempotency-Key is still in progress; retry when it has finished',
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (key === null) return payload;
    request.idempotencyKey = null;
    // Stored with the change it describes (idempotent-response.ts): whatever happens now, a retry
    // replays that response rather than running again.
    if (request.idempotencyStored) return payload;
    const projectId = authOf(request).project.id;
    const status = reply.statusCode;
    if (status >= 500 || status === 429) {
      await releaseIdempotencyKey(sql, projectId, key);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    await completeIdempotencyKey(sql, projectId, key, {
      status,
      headers,
      body: typeof payload === 'string' ? payload : String(payload ?? ''),
    });
    return payload;
  });
}

export const idempotency = fp(idempotencyPlugin, {
  name: 'shiplog-idempotency',
  dependencies: ['shiplog-api-key-auth'],
});
