/**
 * Double opt-in subscriptions (docs/api.md#public-engagement-no-key-cors-): request → confirmation email →
 * confirm by POST; unsubscribe by one-click POST. Every request answers the same whatever the
 * address's state (no enumeration): the work is one upsert and one job in every case; the job decides
 * whether an email is due and sends it, after the response, with retries.
 */
import { findProjectById, findProjectBySlug } from '../../db/projects.ts';
import {
  addConfirmationLink,
  type ConsentRequest,
  confirmSubscription,
  findByConfirmToken,
  findSubscriber,
  requestSubscription,
  type SubscriberRow,
  unsubscribe,
} from '../../db/subscribers.ts';
import { NotFoundError, UnauthorizedError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { newId } from '../../db/new-id.ts';
import { confirmationEmail } from './render-email.ts';
import {
  hashToken,
  newConfirmToken,
  unsubscribeToken,
  verifyUnsubscribeToken,
} from './subscription-tokens.ts';

export function unsubscribeUrl(ctx: ServiceContext, subscriberId: string): string {
  return `${ctx.config.publicUrl}/api/unsubscribe?token=${encodeURIComponent(unsubscribeToken(ctx.unsubscribeSecret, subscriberId))}`;
}

/**
 * Record a request and enqueue its job, in one transaction: the same two statements whatever the
 * address's state, so neither the answer nor its timing tells states apart.
 * @throws NotFoundError for an unknown project (the only answer that differs); UnauthorizedError for
 *   an `identified` one, which emails no subscriber (docs/api.md#readers-and-audiences-segments-summary-announcements: subscribers
 *   are anonymous), so it takes none, and never mails its name to an address anyone typed.
 */
export async function requestSubscribe(
  ctx: ServiceContext,
  input: { project: string; email: string; locale?: string | null; consent: ConsentRequest },
): Promise<void> {
  const project = await findProjectBySlug(ctx.sql, input.project);
  if (!project) throw new NotFoundError(`No project with slug "${input.project}"`);
  if (project.access === 'identified') {
    throw new UnauthorizedError('This changelog is private to identified readers: it sends no email updates');
  }
  await ctx.sql.begin(async (tx) => {
    const subscriberId = await requestSubscription(tx, {
      id: newId('sub'),
      projectId: project.id,
      email: input.email,
      locale: input.locale ?? null,
      consent: input.consent,
    });
    await ctx.jobs.send(tx, 'subscription-requested', { subscriberId });
  });
}

/**
 * The job of a subscribe request: a pending address gets one more confirmation link by email; a
 * confirmed or unsubscribed one, nothing. A failed send throws, and the job is retried (with a new link).
 */
export async function sendConfirmation(ctx: ServiceContext, subscriberId: string): Promise<void> {
  const { token, hash } = newConfirmToken();
  const subscriber = await addConfirmationLink(ctx.sql, subscriberId, hash);
  if (!subscriber) return;
  const project = await findProjectById(ctx.sql, subscriber.projectId);
  if (!project) return;
  const confirmUrl = `${ctx.config.publicUrl}/api/subscribe/confirm?token=${token}`;
  await ctx.mailer.send(
    confirmationEmail(subscriber.email, project.name, confirmUrl, unsubscribeUrl(ctx, subscriber.id)),
  );
}

/** The pending subscription a confirmation token belongs to, with its project name (changes nothing). */
export async function lookupConfirmation(
  ctx: ServiceContext,
  token: string,
): Promise<SubscriberRow | undefined> {
  return findByConfirmToken(ctx.sql, hashToken(token));
}

/** @throws NotFoundError when the link is unknown, already used or expired. */
/**
 * Confirm a subscription (the POST of the confirmation page).
 * @returns the subscriber and where its project's changelog is (the page links back to it).
 * @throws NotFoundError for an unknown, used or expired link.
 */
export async function confirm(
  ctx: ServiceContext,
  token: string,
  consent: { ip: string; userAgent: string | null },
): Promise<{ subscriber: SubscriberRow; project: { name: string; changelogUrl: string } | null }> {
  const row = await confirmSubscription(ctx.sql, hashToken(token), consent);
  if (!row)
    throw new NotFoundError(
      'This confirmation link is unknown, already used or expired; subscribe again to get a new one',
    );
  const project = await findProjectById(ctx.sql, row.projectId);
  return {
    subscriber: row,
    project: project
      ? { name: project.name, changelogUrl: `${ctx.config.publicUrl}/changelog/${project.slug}` }
      : null,
  };
}

/** @throws NotFoundError for a forged token or a subscription that no longer exists. */
export async function lookupUnsubscribe(ctx: ServiceContext, token: string): Promise<SubscriberRow> {
  const id = verifyUnsubscribeToken(ctx.unsubscribeSecret, token);
  const row = id ? await findSubscriber(ctx.sql, id) : undefined;
  if (!row) throw new NotFoundError('This unsubscribe link is not valid');
  return row;
}

/** @throws NotFoundError for a forged token, or a subscription deleted meanwhile (the hourly purge). */
export async function unsubscribeByToken(ctx: ServiceContext, token: string): Promise<SubscriberRow> {
  const row = await lookupUnsubscribe(ctx, token);
  const done = await unsubscribe(ctx.sql, row.id);
  if (!done) throw new NotFoundError('This unsubscribe link is not valid');
  return done;
}
