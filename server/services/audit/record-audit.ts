/**
 * The audit log's one entry point (docs/api.md#audit-log: every change made through the dashboard or
 * the API is recorded, who, what, when). Services call `recordAudit(tx, projectId, change)` inside the
 * transaction that makes the change, so a change and its record commit together or not at all.
 *
 * Who made it is not passed down through every service: each HTTP request that can change something
 * runs in an audit scope (plugins/audit-scope.ts, an AsyncLocalStorage store made before the handler),
 * whose actor the authentication fills in (an API key, or the signed-in user). Work outside a request
 * (jobs, the CLI, the GitHub App's webhooks) has no actor and records nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TransactionSql } from '../../db/connect.ts';
import { type AuditActor, insertAudit } from '../../db/audit-log.ts';
import { newId } from '../../db/new-id.ts';

export type { AuditActor };

/** What changed: `action` as `noun.verb` (`entry.published`), and the entry or setting it touched. */
export type AuditChange = {
  action: string;
  target: { type: string; id: string | null };
  /** Small facts worth keeping (a title, a role, a URL); never a secret. */
  details?: Record<string, unknown>;
};

type Scope = { actor: AuditActor | null };

const scopes = new AsyncLocalStorage<Scope>();

/** Run `fn` (a request's remaining lifecycle) in an audit scope whose actor is `actor` (or not yet known). */
export function runInAuditScope<T>(actor: AuditActor | null, fn: () => T): T {
  return scopes.run({ actor }, fn);
}

/** Name the actor of the current scope (a session resolved inside the handler); no-op outside one. */
export function setAuditActor(actor: AuditActor): void {
  const scope = scopes.getStore();
  if (scope) scope.actor = actor;
}

/** The actor of the current scope, if any. */
export function currentAuditActor(): AuditActor | null {
  return scopes.getStore()?.actor ?? null;
}

/**
 * Record `change` of project `projectId` by the current actor, in `tx` (the change's transaction).
 * Without an actor (a job, the CLI, the App) nothing is recorded.
 */
export async function recordAudit(tx: TransactionSql, projectId: string, change: AuditChange): Promise<void> {
  const actor = currentAuditActor();
  if (!actor) return;
  await insertAudit(tx, {
    id: newId('aud'),
    projectId,
    actor,
    action: change.action,
    targetType: change.target.type,
    targetId: change.target.id,
    details: change.details ?? {},
  });
}

/** A change to an entry, named by its id with its title as it is now. */
export function entryChange(
  action: string,
  entry: { id: string; title: string },
  details: Record<string, unknown> = {},
): AuditChange {
  return { action, target: { type: 'entry', id: entry.id }, details: { title: entry.title, ...details } };
}
