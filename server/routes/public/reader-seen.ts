/**
 * `POST /api/widget/{slug}/seen` (docs/readers.md#what-an-identified-reader-gets): the widget tells what an
 * identified reader has just seen, `{lastSeenAt?, announcementId?}` → `200` with the reader's state,
 * the same the next widget answer carries on any device. Anonymous readers keep theirs in the browser:
 * without a reader token this is `401`. Registered in the widget's scope, whose reader-identity hook
 * has identified the reader by then.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ReaderSeenInputSchema,
  ReaderStateSchema,
  ReaderTokenQuery,
} from '../../../core/contract/readers.schema.ts';
import { NotFoundError, UnauthorizedError } from '../../errors/errors.ts';
import { problemResponses } from '../../errors/problem-responses.ts';
import { READER_CACHE_CONTROL } from '../../plugins/reader-identity.ts';
import type { ServiceContext } from '../../services/context.ts';
import { recordReaderSeen } from '../../services/readers/reader-state.ts';
import { READER_SEEN_IP } from './rate-limits.ts';

export async function readerSeenRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/widget/:slug/seen',
    {
      bodyLimit: 16 * 1024,
      schema: {
        summary: 'Record what an identified reader has seen',
        description:
          'The newest publication time the reader has seen (the unread badge counts entries after it; it never moves back) and/or an announcement they dismissed. Needs a reader token (`X-Shiplog-Reader`, or `?token=`).',
        operationId: 'recordReaderSeen',
        params: z.object({ slug: z.string() }),
        querystring: ReaderTokenQuery,
        body: ReaderSeenInputSchema,
        response: { 200: z.object({ reader: ReaderStateSchema }), ...problemResponses(401, 404, 429) },
      },
      onRequest: app.rateLimitHook([READER_SEEN_IP]),
    },
    async (request, reply) => {
      const { reader, readerProject } = request;
      if (!readerProject) throw new NotFoundError(`No project with slug "${request.params.slug}"`);
      if (!reader)
        throw new UnauthorizedError('Only an identified reader has state here: send a reader token');
      reply.header('cache-control', READER_CACHE_CONTROL);
      return { reader: await recordReaderSeen(ctx.sql, readerProject.id, reader, request.body) };
    },
  );
}
