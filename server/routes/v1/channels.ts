/** /api/v1/channels (docs/api.md#channels-key-authenticated): create, list, delete, deliveries. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChannelSchema,
  CreatedChannelSchema,
  DeliverySchema,
} from '../../../core/contract/channels.schema.ts';
import { NO_CONTENT } from '../../errors/problem-responses.ts';
import { authOf } from '../../plugins/auth.ts';
import {
  channelDeliveries,
  CreateChannelInputSchema,
  createChannel,
  deleteChannel,
  listProjectChannels,
} from '../../services/deliveries/manage-channels.ts';
import type { ServiceContext } from '../../services/context.ts';

const ChannelParamsSchema = z.object({ id: z.string().min(1).max(64) });

export async function channelsRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/channels',
    {
      schema: {
        summary: 'Connect a channel',
        description:
          'Slack or Discord incoming webhook, or a generic webhook signed per Standard Webhooks (its `whsec_` secret is shown in this response only). At most 20 per project (`409 conflict`).',
        operationId: 'createChannel',
        body: CreateChannelInputSchema,
        response: { 201: z.object({ channel: CreatedChannelSchema }) },
      },
    },
    async (request, reply) => {
      const { project } = authOf(request);
      return reply.code(201).send({ channel: await createChannel(ctx, project.id, request.body) });
    },
  );
  app.get(
    '/channels',
    {
      schema: {
        summary: 'List channels',
        operationId: 'listChannels',
        response: { 200: z.object({ channels: z.array(ChannelSchema) }) },
      },
    },
    async (request) => ({ channels: await listProjectChannels(ctx, authOf(request).project.id) }),
  );
  app.delete(
    '/channels/:id',
    {
      schema: {
        summary: 'Delete a channel',
        operationId: 'deleteChannel',
        params: ChannelParamsSchema,
        response: NO_CONTENT,
      },
    },
    async (request, reply) => {
      await deleteChannel(ctx, authOf(request).project.id, request.params.id);
      return reply.code(204).send();
    },
  );
  app.get(
    '/channels/:id/deliveries',
    {
      schema: {
        summary: "A channel's recent deliveries",
        description: 'The last 100, newest first: status, attempts, the last HTTP status and error.',
        operationId: 'listDeliveries',
        params: ChannelParamsSchema,
        response: { 200: z.object({ deliveries: z.array(DeliverySchema) }) },
      },
    },
    async (request) => ({
      deliveries: await channelDeliveries(ctx, authOf(request).project.id, request.params.id),
    }),
  );
}
