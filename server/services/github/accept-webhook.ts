/**
 * A verified webhook delivery (CONTRACT.md "GitHub App"): recorded by its `X-GitHub-Delivery` id and,
 * for the events the App handles, queued as a `github-webhook` job in the same transaction, so a
 * redelivery is neither run twice nor lost, and GitHub gets its answer before the slow work starts.
 */
import { recordDelivery } from '../../db/github.ts';
import type { ServiceContext } from '../context.ts';

/** The events the App acts on (app.yml `default_events`); others are acknowledged and dropped. */
export const HANDLED_EVENTS = new Set(['pull_request', 'issue_comment', 'release']);

/**
 * The job keeps the delivery's body as its JSON text: the database client camel-cases the keys of
 * JSON it reads back (`full_name` would come back `fullName`), and GitHub's payloads must stay as sent.
 */
export type WebhookJob = { id: string; name: string; body: string };

/** @returns `duplicate` for a delivery id seen before, `ignored` for an event the App does not handle. */
export async function acceptWebhook(
  ctx: ServiceContext,
  delivery: WebhookJob,
): Promise<'queued' | 'duplicate' | 'ignored'> {
  return ctx.sql.begin(async (tx) => {
    if (!(await recordDelivery(tx, delivery.id, delivery.name))) return 'duplicate' as const;
    if (!HANDLED_EVENTS.has(delivery.name)) return 'ignored' as const;
    await ctx.jobs.send(tx, 'github-webhook', delivery);
    return 'queued' as const;
  });
}
