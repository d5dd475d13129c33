/** POST /api/v1/entries/{id}/publish and /unpublish (CONTRACT.md "Entry lifecycle"). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EntryRow } from '../../db/entries.ts';
import { authOf } from '../../plugins/auth.ts';
import { idempotentResponse } from '../../plugins/idempotent-response.ts';
import type { ServiceContext } from '../../services/context.ts';
import { presentEntry } from '../../services/present-entry.ts';
import { entryLinks } from '../../services/preview-link.ts';
import { publishEntry, unpublishEntry } from '../../services/publish-entry.ts';
import { EntryParamsSchema } from './entries.ts';

/** These routes take no input: a body must be empty or `{}` (CONTRACT.md "General"). */
const NoBodySchema = z.strictObject({}).nullish();

export async function entryStatusRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const present = (project: { slug: string }, row: EntryRow) => ({
    status: 200,
    headers: {},
    body: {
      entry: presentEntry(row, entryLinks(ctx.config.publicUrl, project.slug, row, ctx.previewSecret)),
    },
  });

  app.post(
    '/entries/:id/publish',
    { schema: { params: EntryParamsSchema, body: NoBodySchema } },
    async (request, reply) => {
      const { project } = authOf(request);
      const response = idempotentResponse(request, (row: EntryRow) => present(project, row));
      const row = await publishEntry(ctx, project.id, request.params.id, response.beforeCommit);
      return response.send(reply, row);
    },
  );

  app.post(
    '/entries/:id/unpublish',
    { schema: { params: EntryParamsSchema, body: NoBodySchema } },
    async (request, reply) => {
      const { project } = authOf(request);
      const response = idempotentResponse(request, (row: EntryRow) => present(project, row));
      const row = await unpublishEntry(ctx, project.id, request.params.id, response.beforeCommit);
      return response.send(reply, row);
    },
  );
}
