/**
 * Double opt-in subscriptions (CONTRACT.md "POST /api/subscribe"): request → confirmation email →
 * confirm by POST; unsubscribe by one-click POST. Every request answers the same whatever the
 * address's state (no enumeration): the work is one upsert in every case, and the email is sent after
 * the response, never awaited by it.
 */
import { findProjectBySlug } from '../../db/projects.ts';
import {
  type ConsentRequest,
  confirmSubscription,
  findByConfirmToken,
  findSubscriber,
  requestSubscription,
  type SubscriberRow,
  unsubscribe,
} from '../../db/subscribers.ts';
import { NotFoundError } from '../../errors.ts';
import type { ServiceContext } from '../context.ts';
import { newId } from '../new-id.ts';
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

/** @throws NotFoundError for an unknown project (the only answer that differs). */
export async function requestSubscribe(
  ctx: ServiceContext,
  input: { project: string; email: string; consent: ConsentRequest },
  log: { error: (obj: object, msg: string) => void },
): Promise<void> {
  const project = await findProjectBySlug(ctx.sql, input.project);
  if (!project) throw new NotFoundError(`No project with slug "${input.project}"`);
  const { token, hash } = newConfirmToken();
  const result = await requestSubscription(ctx.sql, {
    id: newId('sub'),
    projectId: project.id,
    email: input.email,
    tokenHash: hash,
    consent: input.consent,
  });
  if (!result.sendConfirmation) return;
  const confirmUrl = `${ctx.config.publicUrl}/api/subscribe/confirm?token=${token}`;
  const mail = confirmationEmail(input.email, project.name, confirmUrl, unsubscribeUrl(ctx, result.id));
  ctx.mailer
    .send(mail)
    .catch((err: unknown) => log.error({ err, subscriberId: result.id }, 'confirmation email failed'));
}

/** The pending subscription a confirmation token belongs to, with its project name (changes nothing). */
export async function lookupConfirmation(
  ctx: ServiceContext,
  token: string,
): Promise<SubscriberRow | undefined> {
  return findByConfirmToken(ctx.sql, hashToken(token));
}

/** @throws NotFoundError when the link is unknown, already used or expired. */
export async function confirm(
  ctx: ServiceContext,
  token: string,
  consent: { ip: string; userAgent: string | null },
): Promise<SubscriberRow> {
  const row = await confirmSubscription(ctx.sql, hashToken(token), consent);
  if (!row)
    throw new NotFoundError(
      'This confirmation link is unknown, already used or expired; subscribe again to get a new one',
    );
  return row;
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
