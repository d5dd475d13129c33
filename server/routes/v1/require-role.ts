/**
 * The role each /api/v1 call needs (docs/api.md#roles), checked
 * after validation and before idempotency, so a refused call stores nothing under its key. API keys
 * act as publishers, and every call below needs at most that: key-authenticated calls pass unchanged.
 * A route missing from this table needs a publisher.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { authOf } from '../../plugins/auth.ts';
import { type Action, authorize } from '../../services/accounts/authorize.ts';
import { authorizeReaderAdmin } from '../../services/readers/reader-admin.ts';

type Rule = Action | ((body: Record<string, unknown>) => Action);

/** A create or generate that publishes now or later (`publish`, `publishAt`) is a publish. */
const draftOrPublish = (body: Record<string, unknown>): Action =>
  body.publish === true || (body.publishAt !== undefined && body.publishAt !== null)
    ? 'entries.publish'
    : 'entries.draft';

/** By `METHOD path` as the route was declared. */
const RULES: Record<string, Rule> = {
  'GET /api/v1/entries': 'entries.read',
  'GET /api/v1/entries/:id': 'entries.read',
  'POST /api/v1/entries': draftOrPublish,
  'POST /api/v1/entries/generate': draftOrPublish,
  // Imported releases are published at once.
  'POST /api/v1/entries/import': 'entries.publish',
  // Which entry a contributor may change is decided in the service, on the locked row
  // (services/accounts/authorize.ts `authorizeEntryChange`), for PATCH and re-drafts alike.
  'PATCH /api/v1/entries/:id': 'entries.draft',
  // The same rule as PATCH, decided in the service on the entry (docs/languages.md).
  'POST /api/v1/entries/:id/translations/:locale/draft': 'entries.draft',
  'DELETE /api/v1/entries/:id': 'entries.delete',
  'POST /api/v1/entries/:id/publish': 'entries.publish',
  'POST /api/v1/entries/:id/unpublish': 'entries.publish',
  'DELETE /api/v1/entries/:id/schedule': 'entries.publish',
  'GET /api/v1/drafting/profile': 'entries.read',
  'DELETE /api/v1/drafting/profile': 'settings.update',
  'GET /api/v1/analytics': 'analytics.read',
  'GET /api/v1/analytics/daily': 'analytics.read',
  'GET /api/v1/analytics/entries': 'analytics.read',
  'GET /api/v1/analytics/subscribers': 'analytics.read',
  'GET /api/v1/subscribers': 'subscribers.read',
  'GET /api/v1/subscribers/counts': 'subscribers.count',
  'GET /api/v1/subscribers/export': 'subscribers.read',
  'DELETE /api/v1/subscribers/:id': 'subscribers.manage',
  'GET /api/v1/channels': 'channels.manage',
  'POST /api/v1/channels': 'channels.manage',
  'DELETE /api/v1/channels/:id': 'channels.manage',
  'GET /api/v1/channels/:id/deliveries': 'channels.manage',
  'PATCH /api/v1/channels/:id': 'channels.manage',
  'POST /api/v1/channels/:id/test': 'channels.manage',
  'POST /api/v1/channels/:id/deliveries/:deliveryId/retry': 'channels.manage',
  'GET /api/v1/project': 'entries.read',
  'PATCH /api/v1/project': 'settings.update',
  // Owners only (and keys, which only owners make): see OWNER_OR_KEY.
  'POST /api/v1/project/reader-secret': 'settings.update',
};

/**
 * Routes for owners and keys only (services/readers/reader-admin.ts; a key acts as a publisher
 * elsewhere). Checked here too, not only in the service: an `Idempotency-Key` is the project's, and its
 * replay (the secret, shown once) must not reach a publisher who sends the owner's key.
 */
const OWNER_OR_KEY: Record<string, string> = {
  'POST /api/v1/project/reader-secret': 'create or rotate the reader secret',
};

const routeOf = (request: FastifyRequest) =>
  `${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url}`;

function ruleOf(request: FastifyRequest): Rule {
  return RULES[routeOf(request)] ?? 'entries.publish';
}

/** The preHandler that refuses (`403 forbidden`) a call the caller's role does not allow. */
export function requireRole(): preHandlerAsyncHookHandler {
  return async (request) => {
    const auth = authOf(request);
    const rule = ruleOf(request);
    const body = request.body !== null && typeof request.body === 'object' ? request.body : {};
    authorize(auth.role, typeof rule === 'function' ? rule(body as Record<string, unknown>) : rule);
    const ownerOnly = OWNER_OR_KEY[routeOf(request)];
    if (ownerOnly) authorizeReaderAdmin(auth, ownerOnly);
  };
}
