/**
 * Toggle an emoji reaction of an anonymous reader (CONTRACT.md "POST /api/reactions"): only on
 * published external entries (else `404`), only the project's emoji (else `400`). Each answer reports
 * the state its own toggle produced; every instance's widget shows the new counts at once.
 */
import type { ReactionInput } from '../../../core/contract/public.schema.ts';
import { findPublicEntryWithProject } from '../../db/public-entries.ts';
import { reactionCounts, toggleReaction as toggleReactionRow } from '../../db/reactions.ts';
import { InvalidError, NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { withEntryEvents } from '../entries/entry-events.ts';

export type ReactionResult = { reacted: boolean; count: number; reactions: Record<string, number> };

export async function toggleReaction(ctx: ServiceContext, input: ReactionInput): Promise<ReactionResult> {
  const { entryId, emoji, anonymousId } = input;
  const found = await findPublicEntryWithProject(ctx.sql, entryId);
  if (!found) throw new NotFoundError(`No published entry ${entryId}`);
  if (!found.reactions.includes(emoji)) {
    throw new InvalidError(`emoji must be one of ${found.reactions.join(' ')}`, [
      { pointer: '/emoji', detail: `Not one of this project's reactions: ${found.reactions.join(' ')}` },
    ]);
  }
  return withEntryEvents(ctx, async (tx, record) => {
    const reacted = await toggleReactionRow(tx, entryId, emoji, anonymousId);
    const reactions = (await reactionCounts(tx, found.reactions, [entryId])).get(entryId)!;
    await record('changed', { projectId: found.projectId });
    return { reacted, count: reactions[emoji] ?? 0, reactions };
  });
}
