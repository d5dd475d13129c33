/**
 * Toggle an emoji reaction of a reader (docs/api.md#public-engagement-no-key-cors-, docs/readers.md#what-an-identified-reader-gets): only on published external entries the reader may see (else `404`), only the project's
 * emoji (else `400`). An identified reader's reaction is theirs on every device: it is kept under their
 * `sub` ({@link readerReactionId}), not the browser's anonymous id; an identified project refuses
 * anonymous readers (`401`). Each answer reports the state its own toggle produced; every instance's
 * widget shows the new counts at once.
 */
import type { ReactionInput } from '../../../core/contract/public.schema.ts';
import { findPublicEntryWithProject } from '../../db/public-entries.ts';
import { findReaderProjectOfEntry } from '../../db/reader-projects.ts';
import { readerReactionId } from '../../db/reader-states.ts';
import { reactionCounts, toggleReaction as toggleReactionRow } from '../../db/reactions.ts';
import { InvalidError, NotFoundError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { withEntryEvents } from '../entries/entry-events.ts';
import { identifyReader } from '../readers/identify-reader.ts';
import { readerSegments } from '../reader.ts';

export type ReactionResult = { reacted: boolean; count: number; reactions: Record<string, number> };

/** @param readerToken the reader token sent with the request (undefined: an anonymous reader). */
export async function toggleReaction(
  ctx: ServiceContext,
  input: ReactionInput,
  readerToken?: string,
): Promise<ReactionResult> {
  const { entryId, emoji, anonymousId } = input;
  const project = await findReaderProjectOfEntry(ctx.sql, entryId);
  if (!project) throw new NotFoundError(`No published entry ${entryId}`);
  const reader = await identifyReader(ctx.sql, project, readerToken);
  const found = await findPublicEntryWithProject(ctx.sql, entryId, readerSegments(reader));
  if (!found) throw new NotFoundError(`No published entry ${entryId}`);
  if (!found.reactions.includes(emoji)) {
    throw new InvalidError(`emoji must be one of ${found.reactions.join(' ')}`, [
      { pointer: '/emoji', detail: `Not one of this project's reactions: ${found.reactions.join(' ')}` },
    ]);
  }
  const reactor = reader ? readerReactionId(reader.sub) : anonymousId;
  return withEntryEvents(ctx, async (tx, record) => {
    const reacted = await toggleReactionRow(tx, entryId, emoji, reactor);
    const reactions = (await reactionCounts(tx, found.reactions, [entryId])).get(entryId)!;
    await record('changed', { projectId: found.projectId });
    return { reacted, count: reactions[emoji] ?? 0, reactions };
  });
}
