/**
 * POST /api/v1/entries/{id}/publish (now, or `{"at": …}` to schedule), DELETE …/schedule and POST
 * …/unpublish (docs/api.md#entries).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EntryResponseSchema, PublishInputSchema } from '../../../core/contract/entries.schema.ts';
import type { TransactionSql } from '../../db/connect.ts';
import type { EntryRow } from '../../db/entries.ts';
import type { ProjectRow } from '../../db/projects.ts';
import { NO_CONTENT } from '../../errors/problem-responses.ts';
import { authOf } from '../../plugins/auth.ts';
import { idempotentResponse } from '../../plugins/idempotent-response.ts';
import type { ServiceContext } from '../../services/context.ts';
import { presentEntryRecord } from '../../services/entries/get-entry.ts';
import { NoBodySchema } from './no-body-schema.ts';
import { publishEntry, unpublishEntry } from '../../services/entries/publish-entry.ts';
import { cancelSchedule, scheduleEntry } from '../../services/entries/schedule-entry.ts';
import { EntryParamsSchema } from './entries.ts';

export async function entryStatusRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const present = async (project: ProjectRow, row: EntryRow, tx?: TransactionSql) => ({
    status: 200,
    headers: {},
    body: { entry: await presentEntryRecord(ctx, project, row, tx) },
  });

  app.post(
    '/entries/:id/publish',
    {
      schema: {
        summary: 'Publish an entry, or schedule it',
        description:
          'No body (or `{}`): publish now and dispatch; a published entry is left as it is. `{"at": …}`: publish then (it stays a draft with `scheduledFor`).',
        operationId: 'publishEntry',
        params: EntryParamsSchema,
        body: PublishInputSchema,
        response: { 200: EntryResponseSchema },
      },
    },
    async (request, reply) => {
      const { project } = authOf(request);
      const response = idempotentResponse(request, (row: EntryRow, tx) => present(project, row, tx));
      const at = request.body?.at;
      const row = at
        ? await scheduleEntry(ctx, project.id, request.params.id, at, response.beforeCommit)
        : await publishEntry(ctx, project.id, request.params.id, response.beforeCommit);
      return response.send(reply, row);
    },
  );

  app.delete(
    '/entries/:id/schedule',
    {
      schema: {
        summary: "Cancel an entry's scheduled publication",
        operationId: 'cancelSchedule',
        params: EntryParamsSchema,
        response: NO_CONTENT,
      },
    },
    async (request, reply) => {
      const { project } = authOf(request);
      await cancelSchedule(ctx, project.id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/entries/:id/unpublish',
    {
      schema: {
        summary: 'Unpublish an entry',
        description: 'Published → draft: it leaves the widget, feeds and page (sent emails stay sent).',
        operationId: 'unpublishEntry',
        params: EntryParamsSchema,
        body: NoBodySchema,
        response: { 200: EntryResponseSchema },
      },
    },
    async (request, reply) => {
      const { project } = authOf(request);
      const response = idempotentResponse(request, (row: EntryRow, tx) => present(project, row, tx));
      const row = await unpublishEntry(ctx, project.id, request.params.id, response.beforeCommit);
      return response.send(reply, row);
    },
  );
}
