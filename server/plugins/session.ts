/**
 * Dashboard sessions over HTTP (docs/api.md#accounts-and-sessions):
 * - the cookie `shiplog_session`: `HttpOnly`, `SameSite=Lax`, `Path=/`, `Secure` when PUBLIC_URL is
 *   https, `Max-Age` 30 days, sent again whenever the session's idle clock moves (at most hourly);
 * - a request made with the cookie that changes something (any method but GET, HEAD, OPTIONS) must
 *   carry a same-origin `Origin` (PUBLIC_URL's) and the session's token in `X-CSRF-Token`
 *   (a synchronizer token, OWASP CSRF cheat sheet), else `403 forbidden`.
 * A named plugin (`shiplog-session`) that registers @fastify/cookie, registered in the two scopes that
 * read the cookie (routes/v1/ and routes/dashboard/), not on the app: its hooks (parse the `Cookie`
 * header, write `Set-Cookie`) would otherwise run on every request, the widget's and the feeds'
 * included. The helpers below resolve the session of a request once, lazily, so routes that never
 * look pay nothing more.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, UnauthorizedError } from '../errors/errors.ts';
import type { ServiceContext } from '../services/context.ts';
import {
  csrfTokenMatches,
  resolveSession,
  SESSION_IDLE_DAYS,
  type Session,
} from '../services/accounts/manage-sessions.ts';
import { setAuditActor } from '../services/audit/record-audit.ts';

export const SESSION_COOKIE = 'shiplog_session';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of the request's cookie, once looked up (see `currentSession`). */
    dashboardSession: Promise<Session | null> | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the request may change something (and so needs the CSRF proofs when cookie-authenticated). */
export function changesState(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method);
}

function cookieOptions(publicUrl: string) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: publicUrl.startsWith('https:'),
    path: '/',
  };
}

export function setSessionCookie(reply: FastifyReply, publicUrl: string, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(publicUrl), maxAge: SESSION_IDLE_DAYS * 86_400 });
  reply.header('cache-control', 'no-store');
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(publicUrl));
}

/** Whether the request carries a session cookie at all (valid or not). */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return typeof request.cookies[SESSION_COOKIE] === 'string';
}

/** The request's live session, or null (no cookie, or a cookie of an ended session). */
export function currentSession(
  ctx: Pick<ServiceContext, 'sql' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Session | null> {
  request.dashboardSession ??= (async () => {
    const token = request.cookies[SESSION_COOKIE];
    if (token === undefined) return null;
    const found = await resolveSession(ctx, token);
    if (!found) return null;
    if (found.renewed) setSessionCookie(reply, ctx.config.publicUrl, token);
    // Changes this request makes are the user's (services/audit/record-audit.ts).
    setAuditActor({ type: 'user', id: found.session.user.id });
    return found.session;
  })();
  return request.dashboardSession;
}

/**
 * `403` unless the request's `Origin` is PUBLIC_URL's origin. Browsers send `Origin` on every
 * cross-origin request and on same-origin ones other than GET and HEAD, so a missing one is refused.
 */
export function assertSameOrigin(publicUrl: string, request: FastifyRequest): void {
  if (request.headers.origin !== new URL(publicUrl).origin) {
    throw new ForbiddenError(
      `A request made with the dashboard's session must come from ${new URL(publicUrl).origin} (its Origin header)`,
    );
  }
}

/** `403` unless `X-CSRF-Token` is the session's token (compared in constant time). */
export function assertCsrfToken(request: FastifyRequest, session: Session): void {
  const header = request.headers[CSRF_HEADER];
  if (!csrfTokenMatches(session, typeof header === 'string' ? header : undefined)) {
    throw new ForbiddenError(
      "Send the session's CSRF token in X-CSRF-Token (from GET /api/dashboard/session)",
    );
  }
}

/**
 * The session a route needs, with the CSRF proofs checked for a state-changing request.
 * @throws UnauthorizedError (with `whenNone` as its detail) without a live session; ForbiddenError
 * without the proofs.
 */
export async function requireSession(
  ctx: Pick<ServiceContext, 'sql' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
  whenNone = 'Sign in first: no session, or it has ended',
): Promise<Session> {
  const session = await currentSession(ctx, request, reply);
  if (!session) throw new UnauthorizedError(whenNone);
  if (changesState(request)) {
    assertSameOrigin(ctx.config.publicUrl, request);
    assertCsrfToken(request, session);
  }
  return session;
}

async function sessionPlugin(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('dashboardSession', null);
}

export const sessions = fp(sessionPlugin, { name: 'shiplog-session' });
