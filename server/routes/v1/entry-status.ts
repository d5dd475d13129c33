/** POST /api/v1/entries/{id}/publish and /unpublish (CONTRACT.md "Entry lifecycle"). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.ts';
import type { ServiceContext } from '../../services/context.ts';
import { presentEntry } from '../../services/present-entry.ts';
import { previewUrl } from '../../services/preview-link.ts';
import { publishEntry, unpublishEntry } from '../../services/publish-entry.ts';
import { EntryParamsSchema } from './entries.ts';

/** These routes take no input: a body must be empty or `{}` (CONTRACT.md "General"). */
const NoBodySchema = z.strictObject({}).nullish();

export async function entryStatusRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/entries/:id/publish',
    { schema: { params: EntryParamsSchema, body: NoBodySchema } },
    async (request) => {
      const { project } = authOf(request);
      const row = await publishEntry(ctx, project.id, request.params.id);
      return { entry: presentEntry(row, { previewUrl: null }) };
    },
  );

  app.post(
    '/entries/:id/unpublish',
    { schema: { params: EntryParamsSchema, body: NoBodySchema } },
    async (request) => {
      const { project } = authOf(request);
      const row = await unpublishEntry(ctx, project.id, request.params.id);
      return {
        entry: presentEntry(row, {
          previewUrl: previewUrl(ctx.config.publicUrl, project.slug, row, ctx.previewSecret),
        }),
      };
    },
  );
}
