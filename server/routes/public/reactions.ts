/**
 * POST /api/reactions (docs/api.md#public-engagement-no-key-cors-): toggle an emoji reaction of a reader on a
 * published external entry. Counts come from the rows; the widget shows them at once. With a reader
 * token (`X-Shiplog-Reader`) the reaction is the identified reader's, on every device (docs/readers.md#what-an-identified-reader-gets); a bad token, or none on an identified project, is `401`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReactionInputSchema, ReactionResultSchema } from '../../../core/contract/public.schema.ts';
import { documentRoutes } from '../../openapi/document-routes.ts';
import { PUBLIC_DOCS } from '../../openapi/scope-docs.ts';
import { problemResponses } from '../../errors/problem-responses.ts';
import type { ServiceContext } from '../../services/context.ts';
import { readerTokenOf } from '../../plugins/reader-identity.ts';
import { toggleReaction } from '../../services/engagement/toggle-reaction.ts';
import { REACTIONS_ID, REACTIONS_IP } from './rate-limits.ts';

export async function reactionsRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  documentRoutes(base, PUBLIC_DOCS('Reactions'));
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/reactions',
    {
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Toggle a reaction',
        description:
          "A reader's emoji on a published external entry: a second identical call takes it back. Allowed emoji: the project's list.",
        operationId: 'toggleReaction',
        body: ReactionInputSchema,
        // 404: the entry is not published, or internal (docs/api.md#public-engagement-no-key-cors-).
        response: { 200: ReactionResultSchema, ...problemResponses(401, 404, 429) },
      },
      onRequest: app.rateLimitHook([REACTIONS_IP]),
      preHandler: app.rateLimitHook([REACTIONS_ID]),
    },
    async (request) => toggleReaction(ctx, request.body, readerTokenOf(request)),
  );
}
