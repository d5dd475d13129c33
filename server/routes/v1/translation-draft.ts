/**
 * POST /api/v1/entries/{id}/translations/{locale}/draft: the AI provider's translation of the entry
 * into one of the project's other locales, answered for review and not saved (docs/languages.md
 * "Drafting translations"). Without a provider: `503 ai_unavailable` saying how to configure one.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TranslationDraftParamsSchema,
  TranslationDraftResponseSchema,
} from '../../../core/contract/languages.schema.ts';
import { problemResponses } from '../../errors/problem-responses.ts';
import { authOf } from '../../plugins/auth.ts';
import type { ServiceContext } from '../../services/context.ts';
import { draftEntryTranslation } from '../../services/drafting/draft-entry-translation.ts';
import { NoBodySchema } from './no-body-schema.ts';

export async function translationDraftRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/entries/:id/translations/:locale/draft',
    {
      schema: {
        summary: 'Draft a translation of an entry for review',
        description:
          "The AI provider translates the entry's saved title, body and summary into `locale` (one of the project's `locales`). The answer is not saved: save it with `PATCH /api/v1/entries/{id}` `translations` after review. Spends one AI draft of the monthly quota. `503 ai_unavailable` when no OpenAI-compatible provider is configured. An entry longer than the server's AI input budget is translated in several calls, cut between top-level Markdown blocks; `413 payload_too_large` when one block alone is over it (nothing sent, no quota spent). Same roles as editing the entry: a published or scheduled entry needs a publisher.",
        operationId: 'draftEntryTranslation',
        params: TranslationDraftParamsSchema,
        body: NoBodySchema,
        response: { 200: TranslationDraftResponseSchema, ...problemResponses(402, 413, 502, 503) },
      },
    },
    async (request) => {
      const { project, role } = authOf(request);
      return draftEntryTranslation(ctx, project, role, request.params.id, request.params.locale);
    },
  );
}
