/**
 * `GET` and `DELETE /api/v1/drafting/profile` (docs/api.md#import-history-and-the-drafting-profile): what
 * the project's own history taught its drafts, and a reset back to the built-in defaults (entries stay).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DraftingProfileResponseSchema } from '../../../core/contract/history.schema.ts';
import { NO_CONTENT } from '../../errors/problem-responses.ts';
import { authOf } from '../../plugins/auth.ts';
import type { ServiceContext } from '../../services/context.ts';
import { getDraftingProfile, resetDraftingProfile } from '../../services/drafting/project-profile.ts';

export async function draftingProfileRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/drafting/profile',
    {
      schema: {
        summary: 'The drafting profile',
        description:
          "What the project's imported history and published drafts taught its drafts: which kinds of change its notes list, its headings and their order, about how many items, how items are worded, and all of it in words (`description`). `releasesLearned` 0: the built-in defaults.",
        operationId: 'getDraftingProfile',
        response: { 200: DraftingProfileResponseSchema },
      },
    },
    async (request) => ({ profile: await getDraftingProfile(ctx, authOf(request).project.id) }),
  );
  app.delete(
    '/drafting/profile',
    {
      schema: {
        summary: 'Reset the drafting profile',
        description:
          'Drafts go back to the built-in defaults; entries stay. Only entries published after the reset teach the profile again.',
        operationId: 'resetDraftingProfile',
        response: NO_CONTENT,
      },
    },
    async (request, reply) => {
      await resetDraftingProfile(ctx, authOf(request).project.id);
      return reply.code(204).send();
    },
  );
}
