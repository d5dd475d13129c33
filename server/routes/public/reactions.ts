/**
 * POST /api/reactions (CONTRACT.md "POST /api/reactions"): toggle an emoji reaction of an anonymous
 * reader on a published external entry. Counts come from the rows; the widget shows them at once.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReactionInputSchema } from '../../../core/contract/public.schema.ts';
import { findPublicEntryWithProject } from '../../db/entries.ts';
import { reactionCounts, toggleReaction } from '../../db/reactions.ts';
import { InvalidError, NotFoundError } from '../../errors.ts';
import type { ServiceContext } from '../../services/context.ts';
import { REACTIONS_ID, REACTIONS_IP } from './rate-limits.ts';

export async function reactionsRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/reactions',
    {
      bodyLimit: 16 * 1024,
      schema: { body: ReactionInputSchema },
      onRequest: app.rateLimitHook([REACTIONS_IP]),
      preHandler: app.rateLimitHook([REACTIONS_ID]),
    },
    async (request) => {
      const { entryId, emoji, anonymousId } = request.body;
      const found = await findPublicEntryWithProject(ctx.sql, entryId);
      if (!found) throw new NotFoundError(`No published entry ${entryId}`);
      if (!found.reactions.includes(emoji)) {
        throw new InvalidError(`emoji must be one of ${found.reactions.join(' ')}`, [
          { pointer: '/emoji', detail: `Not one of this project's reactions: ${found.reactions.join(' ')}` },
        ]);
      }
      const { reacted, reactions } = await ctx.sql.begin(async (tx) => {
        const now = await toggleReaction(tx, entryId, emoji, anonymousId);
        return {
          reacted: now,
          reactions: (await reactionCounts(tx, found.reactions, [entryId])).get(entryId)!,
        };
      });
      await ctx.projectChanged(found.projectId);
      return { reacted, count: reactions[emoji] ?? 0, reactions };
    },
  );
}
