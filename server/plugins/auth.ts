/**
 * Authentication for /api/v1 (docs/api.md#authentication-plans-rate-limit, docs/api.md#dashboard-api),
 * by either of two credentials:
 * - `Authorization: Bearer shl_…` → the key's project, acting as a `publisher`. Missing, malformed,
 *   unknown or revoked: 401 `unauthorized`; a project on the free plan: 402 `upgrade_required`.
 * - the dashboard's session cookie, with the project named by `Shiplog-Project: <slug>` → that project
 *   with the user's role, on every plan. A request that changes something needs the CSRF proofs
 *   (plugins/session.ts), else 403; a project the user is not a member of is 403, an unknown one 404.
 * The key wins when both are sent. A named plugin (`shiplog-api-key-auth`, needing `shiplog-rate-limit`
 * for the failure limit and `shiplog-session` for cookies): register it in the /api/v1 scope, whose
 * routes its hook then guards; plugins that read `request.auth` declare it as a dependency, so
 * registering them first fails at start instead of running unauthenticated.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findLiveKeyByHash, touchApiKey } from '../db/api-keys.ts';
import type { ProjectRow } from '../db/projects.ts';
import { InvalidError, UnauthorizedError, UpgradeRequiredError } from '../errors/errors.ts';
import { projectAccess, type Role } from '../services/accounts/authorize.ts';
import { hashApiKey, isWellFormedApiKey } from '../services/accounts/api-key-format.ts';
import type { ServiceContext } from '../services/context.ts';
import { clientAddress } from './client-address.ts';
import { hasSessionCookie, requireSession } from './session.ts';

/**
 * Who is calling: a key (`keyId`, role `publisher`) or a signed-in user (`userId`, their role).
 * Exactly one of `keyId` and `userId` is set.
 */
export type Auth = { project: ProjectRow; role: Role; keyId: string | null; userId: string | null };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** The header that names the project of a session-authenticated call. */
export const PROJECT_HEADER = 'shiplog-project';

/** The authenticated project; only call in routes of the authenticated scope. */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}

/** Failed authentications per client address (docs/api.md#authentication-plans-rate-limit): then 429 before any lookup. */
const AUTH_FAILURES = { name: 'auth-failures', max: 60, windowSeconds: 60, key: clientAddress };

async function authPlugin(app: FastifyInstance, options: { ctx: ServiceContext }): Promise<void> {
  app.decorateRequest('auth', null);
  const failures = app.failureLimit(AUTH_FAILURES);
  app.addHook('onRequest', async (request, reply) => {
    await failures.assertAllowed(request);
    try {
      await authenticate(request, reply, options.ctx);
    } catch (err) {
      if (err instanceof UnauthorizedError) await failures.recordFailure(request);
      throw err;
    }
  });
}

export const apiKeyAuth = fp(authPlugin, {
  name: 'shiplog-api-key-auth',
  dependencies: ['shiplog-rate-limit', 'shiplog-session'],
});

/** Sets `request.auth`. @throws UnauthorizedError, UpgradeRequiredError, ForbiddenError, NotFoundError. */
async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: ServiceContext,
): Promise<void> {
  if (request.headers.authorization === undefined && hasSessionCookie(request)) {
    request.auth = await authenticateSession(request, reply, ctx);
    return;
  }
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  if (!match) throw new UnauthorizedError();
  const key = match[1]!;
  if (!isWellFormedApiKey(key)) throw new UnauthorizedError('The API key is malformed');
  const found = await findLiveKeyByHash(ctx.sql, hashApiKey(key));
  if (!found) throw new UnauthorizedError('The API key is unknown or revoked');
  if (found.project.plan === 'free') throw new UpgradeRequiredError(found.project.slug);
  if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > 60_000) {
    await touchApiKey(ctx.sql, found.keyId);
  }
  request.auth = { project: found.project, role: 'publisher', keyId: found.keyId, userId: null };
}

async function authenticateSession(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: ServiceContext,
): Promise<Auth> {
  const session = await requireSession(ctx, request, reply, 'The dashboard session has ended; sign in again');
  const slug = request.headers[PROJECT_HEADER];
  if (typeof slug !== 'string' || !/^[a-z0-9-]{1,64}$/.test(slug)) {
    throw new InvalidError('Shiplog-Project: name the project (its slug) of a call made with the session', [
      { pointer: `/headers/${PROJECT_HEADER}`, detail: 'Required with the session cookie: a project slug' },
    ]);
  }
  // Each route checks its own action (routes/v1/require-role.ts); reading entries is the least of them.
  const { project, role } = await projectAccess(ctx, session.user.id, slug, 'entries.read');
  return { project, role, keyId: null, userId: session.user.id };
}
