/**
 * /api/v1/entries: list, create, get, patch, delete (docs/api.md#authentication-plans-rate-limit
 * and "Entry lifecycle"). Publish and unpublish live in entry-status.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateEntryInputSchema,
  CreateEntryResponseSchema,
  EntryResponseSchema,
  ListEntriesQuerySchema,
  ListEntriesResponseSchema,
  UpdateEntryInputSchema,
} from '../../../core/contract/entries.schema.ts';
import type { EntryRow } from '../../db/entries.ts';
import { NO_CONTENT } from '../../errors/problem-responses.ts';
import { authOf } from '../../plugins/auth.ts';
import { idempotentResponse } from '../../plugins/idempotent-response.ts';
import type { ServiceContext } from '../../services/context.ts';
import { createEntry } from '../../services/entries/create-entry.ts';
import { deleteEntry } from '../../services/entries/delete-entry.ts';
import { getEntry, presentEntryRecord } from '../../services/entries/get-entry.ts';
import { listEntriesPage } from '../../services/entries/list-entries.ts';
import { updateEntry } from '../../services/entries/update-entry.ts';

export const EntryParamsSchema = z.object({ id: z.string().min(1).max(64) });

export async function entriesRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const entryUrl = (id: string) => `${ctx.config.publicUrl}/api/v1/entries/${id}`;

  app.get(
    '/entries',
    {
      schema: {
        summary: 'List entries',
        description: 'Newest first; keyset pagination (`nextCursor`, and a `Link: rel="next"` header).',
        operationId: 'listEntries',
        querystring: ListEntriesQuerySchema,
        response: { 200: ListEntriesResponseSchema },
      },
    },
    async (request, reply) => {
      const { project } = authOf(request);
      const { entries, nextCursor, nextLink } = await listEntriesPage(ctx, project.id, request.query);
      if (nextLink) reply.header('link', nextLink);
      return { entries, nextCursor };
    },
  );

  app.post(
    '/entries',
    {
      schema: {
        summary: 'Create an entry',
        description:
          'A draft, or published (`publish`) and dispatched, or scheduled (`publishAt`). `segments` and `announce` take a publisher (a contributor setting them: `403`).',
        operationId: 'createEntry',
        body: CreateEntryInputSchema,
        response: { 201: CreateEntryResponseSchema },
      },
    },
    async (request, reply) => {
      const { project, role } = authOf(request);
      const response = idempotentResponse(request, (row: EntryRow) => ({
        status: 201,
        headers: { location: entryUrl(row.id) },
        body: { entry: { id: row.id, slug: row.slug, status: row.status } },
      }));
      const row = await createEntry(ctx, project.id, request.body, {
        role,
        beforeCommit: response.beforeCommit,
      });
      return response.send(reply, row);
    },
  );

  app.get(
    '/entries/:id',
    {
      schema: {
        summary: 'Get an entry',
        operationId: 'getEntry',
        params: EntryParamsSchema,
        response: { 200: EntryResponseSchema },
      },
    },
    async (request) => {
      const { project } = authOf(request);
      return { entry: await getEntry(ctx, project, request.params.id) };
    },
  );

  app.patch(
    '/entries/:id',
    {
      schema: {
        summary: 'Edit an entry',
        description:
          'Marks it edited: automated re-drafting leaves it alone. The slug stays. Changing `segments` or `announce` takes a publisher (`403` for a contributor).',
        operationId: 'updateEntry',
        params: EntryParamsSchema,
        body: UpdateEntryInputSchema,
        response: { 200: EntryResponseSchema },
      },
    },
    async (request) => {
      const { project, role } = authOf(request);
      const row = await updateEntry(ctx, project.id, request.params.id, request.body, role);
      return { entry: await presentEntryRecord(ctx, project, row) };
    },
  );

  app.delete(
    '/entries/:id',
    {
      schema: {
        summary: 'Delete an entry',
        operationId: 'deleteEntry',
        params: EntryParamsSchema,
        response: NO_CONTENT,
      },
    },
    async (request, reply) => {
      const { project } = authOf(request);
      await deleteEntry(ctx, project.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
