/**
 * API-key authentication for /api/v1 (spec section 5, CONTRACT.md "Key-authenticated API").
 * `Authorization: Bearer shl_…` → the key's project on `request.auth`. Missing, malformed, unknown or
 * revoked: 401 `unauthorized`; a project on the free plan: 402 `upgrade_required`.
 * A named plugin (`shiplog-api-key-auth`, needing `shiplog-rate-limit` for the failure limit): register it
 * in the /api/v1 scope, whose routes its hook then guards; plugins that read `request.auth` declare it
 * as a dependency, so registering them first fails at start instead of running unauthenticated.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findLiveKeyByHash, touchApiKey } from '../db/api-keys.ts';
import type { Sql } from '../db/connect.ts';
import type { ProjectRow } from '../db/projects.ts';
import { UnauthorizedError, UpgradeRequiredError } from '../errors.ts';
import { hashApiKey, isWellFormedApiKey } from '../services/api-key-format.ts';
import { clientAddress } from './client-address.ts';

export type Auth = { project: ProjectRow; keyId: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** The authenticated project; only call in routes of the authenticated scope. */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}

/** Failed authentications per client address (CONTRACT.md "Rate limits"): then 429 before any lookup. */
const AUTH_FAILURES = { name: 'auth-failures', max: 60, windowSeconds: 60, key: clientAddress };

async function authPlugin(app: FastifyInstance, options: { sql: Sql }): Promise<void> {
  app.decorateRequest('auth', null);
  const failures = app.failureLimit(AUTH_FAILURES);
  app.addHook('onRequest', async (request) => {
    await failures.assertAllowed(request);
    try {
      await authenticate(request, options.sql);
    } catch (err) {
      if (err instanceof UnauthorizedError) await failures.recordFailure(request);
      throw err;
    }
  });
}

export const apiKeyAuth = fp(authPlugin, {
  name: 'shiplog-api-key-auth',
  dependencies: ['shiplog-rate-limit'],
});

/** Sets `request.auth`. @throws UnauthorizedError, UpgradeRequiredError. */
async function authenticate(request: FastifyRequest, sql: Sql): Promise<void> {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  if (!match) throw new UnauthorizedError();
  const key = match[1]!;
  if (!isWellFormedApiKey(key)) throw new UnauthorizedError('The API key is malformed');
  const found = await findLiveKeyByHash(sql, hashApiKey(key));
  if (!found) throw new UnauthorizedError('The API key is unknown or revoked');
  if (found.project.plan === 'free') throw new UpgradeRequiredError(found.project.slug);
  if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > 60_000) {
    await touchApiKey(sql, found.keyId);
  }
  request.auth = { project: found.project, keyId: found.keyId };
}
