/**
 * Remove a subscriber from the dashboard or the API (docs/api.md#subscribers-and-analytics-key-authenticated): the row goes,
 * with its confirmation links and send records, so no later email reaches the address (a batch already
 * under way reads its recipients when it sends, and skips it) and the address may subscribe again, as new.
 * The audit log keeps the removal with the address masked: the record outlives the subscription.
 */
import { deleteSubscriber } from '../../db/subscribers.ts';
import { NotFoundError } from '../../errors/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { ServiceContext } from '../context.ts';

/** `ada@example.com` → `a…@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}…${email.slice(at)}`;
}

/** @throws NotFoundError for no subscriber of that id in the project. */
export async function removeSubscriber(
  ctx: Pick<ServiceContext, 'sql'>,
  projectId: string,
  id: string,
): Promise<void> {
  await ctx.sql.begin(async (tx) => {
    const removed = await deleteSubscriber(tx, projectId, id);
    if (!removed) throw new NotFoundError(`No subscriber ${id} in this project`);
    await recordAudit(tx, projectId, {
      action: 'subscriber.removed',
      target: { type: 'subscriber', id },
      details: { email: maskEmail(removed.email), status: removed.status },
    });
  });
}
