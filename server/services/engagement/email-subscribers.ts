/**
 * Email to subscribers on publish (CONTRACT.md "Dispatch on publish"): every confirmed subscriber of
 * the project gets an `external` entry; internal entries email no one. The fan-out job splits the
 * recipients into batches of `BATCH_SIZE`, one job each, so a failure retries only its batch; within
 * a batch, the recipients whose send failed are re-enqueued alone. Each message has a Message-ID that
 * is the same for every attempt of one (entry, subscriber), so a duplicate after a crash is
 * recognisable, and carries the RFC 8058 one-click unsubscribe headers.
 */
import { findEntryById } from '../../db/entries.ts';
import { findProjectById } from '../../db/projects.ts';
import { findConfirmedSubscribers, listConfirmedSubscriberIds } from '../../db/subscribers.ts';
import { renderView } from '../../views/render-view.ts';
import type { ServiceContext } from '../context.ts';
import { htmlToText } from '../render-changelog-page.ts';
import { unsubscribeUrl } from './manage-subscription.ts';
import { unsubscribeHeaders } from './render-email.ts';

/** Recipients per batch job. */
export const BATCH_SIZE = 100;

/** The job of a publish: enqueue one email batch per `BATCH_SIZE` confirmed subscribers. */
export async function fanOutEntryEmail(ctx: ServiceContext, entryId: string): Promise<void> {
  const entry = await findEntryById(ctx.sql, entryId);
  if (!entry || entry.status !== 'published' || entry.visibility !== 'external') return;
  const ids = await listConfirmedSubscriberIds(ctx.sql, entry.projectId);
  await ctx.sql.begin(async (tx) => {
    for (let i = 0; i < ids.length; i += BATCH_SIZE) {
      await ctx.jobs.send(tx, 'email-batch', { entryId, subscriberIds: ids.slice(i, i + BATCH_SIZE) });
    }
  });
}

/** The job of one batch: send the entry to each subscriber still confirmed; re-enqueue the failures. */
export async function sendEntryEmails(
  ctx: ServiceContext,
  entryId: string,
  subscriberIds: readonly string[],
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const entry = await findEntryById(ctx.sql, entryId);
  if (!entry || entry.status !== 'published' || entry.visibility !== 'external') return;
  const project = await findProjectById(ctx.sql, entry.projectId);
  if (!project) return;
  const pageUrl = `${ctx.config.publicUrl}/changelog/${project.slug}/${entry.slug}`;
  const host = new URL(ctx.config.publicUrl).hostname;
  const subject = `${project.name}${entry.version ? ` ${entry.version}` : ''}: ${entry.title}`;
  const text = `${entry.title}\n\n${htmlToText(entry.html)}\n\nRead it on the changelog: ${pageUrl}\n`;
  const failed: string[] = [];
  for (const subscriber of await findConfirmedSubscribers(ctx.sql, subscriberIds)) {
    const unsubscribe = unsubscribeUrl(ctx, subscriber.id);
    try {
      await ctx.mailer.send({
        to: subscriber.email,
        subject,
        text: `${text}\nUnsubscribe: ${unsubscribe}\n`,
        html: renderView('email-entry', {
          projectName: project.name,
          version: entry.version,
          title: entry.title,
          html: entry.html,
          pageUrl,
          unsubscribeUrl: unsubscribe,
        }),
        headers: unsubscribeHeaders(unsubscribe),
        messageId: `<${entry.id}.${subscriber.id}@${host}>`,
      });
    } catch (err) {
      log.warn({ err, subscriberId: subscriber.id, entryId }, 'entry email failed; it will be retried');
      failed.push(subscriber.id);
    }
  }
  if (failed.length === subscriberIds.length && failed.length > 0) {
    throw new Error(`every email of the batch failed (${failed.length}); the batch will be retried`);
  }
  if (failed.length > 0) await ctx.jobs.send(ctx.sql, 'email-batch', { entryId, subscriberIds: failed });
}
