/**
 * POST /api/v1/entries/import (docs/api.md#import-history-and-the-drafting-profile): 1-100 releases of the
 * project's existing changelog become published entries with their own dates and versions, never
 * dispatched. Body limit 8 MiB (100 releases with their notes, commits and changed files).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ImportInputSchema, ImportResponseSchema } from '../../../core/contract/history.schema.ts';
import type { ImportResponse } from '../../../core/contract/history.schema.ts';
import { authOf } from '../../plugins/auth.ts';
import { idempotentResponse } from '../../plugins/idempotent-response.ts';
import type { ServiceContext } from '../../services/context.ts';
import { importReleases } from '../../services/history/import-releases.ts';

/** docs/api.md#import-history-and-the-drafting-profile: an import may be up to 8 MiB. */
export const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

export async function importRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/entries/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        summary: "Import the project's changelog history",
        description:
          "Each release becomes a published, `external` entry dated `publishedAt` (in the past), `origin: import`, its body the notes and its title `title` or the notes' leading change. Nothing is dispatched (no email, channel delivery or comment). Importing a version again replaces its imported entry (same id); a version that has an entry made otherwise is skipped. Releases with their `commits` teach the drafting profile. Body limit 8 MiB.",
        operationId: 'importEntries',
        body: ImportInputSchema,
        response: { 201: ImportResponseSchema },
      },
    },
    async (request, reply) => {
      const { project } = authOf(request);
      const response = idempotentResponse(request, (result: ImportResponse) => ({
        status: 201,
        headers: {},
        body: result,
      }));
      const result = await importReleases(ctx, project.id, request.body, {
        storeResponse: response.beforeCommit,
      });
      return response.send(reply, result);
    },
  );
}
