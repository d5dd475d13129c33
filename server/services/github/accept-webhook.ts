/**
 * A verified webhook delivery (docs/github-app.md#github-app): recorded by its `X-GitHub-Delivery` id and,
 * for the events the App handles, queued as a `github-webhook` job in the same transaction, so a
 * redelivery is neither run twice nor lost, and GitHub gets its answer before the slow work starts.
 * The record names the repository, and the job writes how it ended (the dashboard's GitHub page).
 * Jobs of one pull request (or one release) share a group that runs one job at a time, in delivery
 * order (docs/github-app.md#github-app): an `opened` and a `synchronize` arriving together give one sticky
 * comment, never two.
 */
import { finishDelivery, recordDelivery } from '../../db/github.ts';
import type { WebhookJob } from '../../queue/job-payloads.ts';
import type { ServiceContext } from '../context.ts';

/** The events the App acts on (app.yml `default_events`); others are acknowledged and dropped. */
export const HANDLED_EVENTS = new Set([
  'pull_request',
  'issue_comment',
  'release',
  'installation',
  'installation_repositories',
]);

/**
 * The job keeps the delivery's body as its JSON text: the database client camel-cases the keys of
 * JSON it reads back (`full_name` would come back `fullName`), and GitHub's payloads must stay as sent.
 */

/**
 * What a delivery is about: `owner/repo#7` for a pull request (its `pull_request` events and the
 * comments on it), `owner/repo@v1.2.0` for a release, the repository otherwise, and the installation
 * for `installation` events.
 */
/** The repository a delivery is about, lower-case (null for an installation's own events). */
export function webhookRepository(delivery: WebhookJob): string | null {
  const payload = JSON.parse(delivery.body) as { repository?: { full_name?: unknown } };
  const name = payload.repository?.full_name;
  return typeof name === 'string' && name ? name.toLowerCase() : null;
}

export function webhookGroup(delivery: WebhookJob): string {
  const payload = JSON.parse(delivery.body) as {
    repository?: { full_name?: string };
    pull_request?: { number?: number };
    issue?: { number?: number };
    release?: { tag_name?: string };
    installation?: { id?: number };
  };
  const repository = String(payload.repository?.full_name ?? '').toLowerCase();
  const number = payload.pull_request?.number ?? payload.issue?.number;
  if (number !== undefined) return `${repository}#${number}`;
  if (payload.release?.tag_name !== undefined) return `${repository}@${payload.release.tag_name}`;
  // An installation's own events (no repository) take turns with each other.
  return repository || `installation:${payload.installation?.id ?? ''}`;
}

/** @returns `duplicate` for a delivery id seen before, `ignored` for an event the App does not handle. */
export async function acceptWebhook(
  ctx: ServiceContext,
  delivery: WebhookJob,
): Promise<'queued' | 'duplicate' | 'ignored'> {
  return ctx.sql.begin(async (tx) => {
    const repository = webhookRepository(delivery);
    if (!(await recordDelivery(tx, delivery.id, delivery.name, repository))) return 'duplicate' as const;
    if (!HANDLED_EVENTS.has(delivery.name)) {
      await finishDelivery(tx, delivery.id, 'ignored');
      return 'ignored' as const;
    }
    await ctx.jobs.send(tx, 'github-webhook', delivery, { group: webhookGroup(delivery) });
    return 'queued' as const;
  });
}
