/**
 * POST /api/reactions (CONTRACT.md "POST /api/reactions"): toggle an emoji reaction of an anonymous
 * reader on a published external entry. Counts come from the rows; the widget shows them at once.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReactionInputSchema } from '../../../core/contract/public.schema.ts';
import type { ServiceContext } from '../../services/context.ts';
import { toggleReaction } from '../../services/engagement/toggle-reaction.ts';
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
    async (request) => toggleReaction(ctx, request.body),
  );
}
