/**
 * The audit scope of a request (services/audit/record-audit.ts): a preHandler hook that runs the rest
 * of the request (the handler and the services it calls) with the caller as the actor of any change
 * recorded. On /api/v1 the caller is known by then (the key, or the session's user); on /api/dashboard
 * the session is read in the handler, which names the actor itself (plugins/session.ts).
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { runInAuditScope } from '../services/audit/record-audit.ts';

/** Callback style on purpose: `done` runs inside the scope, so everything after it does too. */
export function auditScope(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const auth = request.auth;
  const actor = auth?.keyId
    ? { type: 'key' as const, id: auth.keyId }
    : auth?.userId
      ? { type: 'user' as const, id: auth.userId }
      : null;
  runInAuditScope(actor, done);
}
