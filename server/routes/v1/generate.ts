/**
 * POST /api/v1/entries/generate: 1-500 commit messages → a drafted entry (body limit 2 MiB): `201` for a
 * new entry, `200` for the existing entry of a `source` (re-drafted, or kept with `draft: null`).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GenerateInputSchema, GenerateResponseSchema } from '../../../core/contract/generate.schema.ts';
import { problemResponses } from '../../errors/problem-responses.ts';
import { authOf } from '../../plugins/auth.ts';
import { idempotentResponse } from '../../plugins/idempotent-response.ts';
import type { ServiceContext } from '../../services/context.ts';
import { type DraftOutcome, generateEntry } from '../../services/drafting/generate-entry.ts';
import { presentGenerated } from '../../services/drafting/present-generated.ts';

/** docs/api.md#input-rules: generate may accept up to 2 MiB (500 commits with long bodies). */
export const GENERATE_BODY_LIMIT = 2 * 1024 * 1024;

export async function generateRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/entries/generate',
    {
      bodyLimit: GENERATE_BODY_LIMIT,
      schema: {
        summary: 'Draft an entry from commits',
        description:
          '1-500 commit messages (and the merged pull requests) → a drafted entry. `201` a new entry; `200` the existing entry of a `source`, re-drafted, or kept as it was (`draft: null`) when a person edited it or it is published. Body limit 2 MiB.',
        operationId: 'generateEntry',
        body: GenerateInputSchema,
        response: {
          201: GenerateResponseSchema,
          200: GenerateResponseSchema,
          ...problemResponses(402, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const { project, role } = authOf(request);
      const response = idempotentResponse(request, (outcome: DraftOutcome) => ({
        status: outcome.created ? 201 : 200,
        headers: { location: `${ctx.config.publicUrl}/api/v1/entries/${outcome.entry.id}` },
        body: presentGenerated(outcome),
      }));
      const result = await generateEntry(
        ctx,
        project,
        role,
        request.body,
        request.log,
        response.beforeCommit,
      );
      return response.send(reply, result);
    },
  );
}
