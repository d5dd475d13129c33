/** /api/v1/channels (CONTRACT.md "Dispatch on publish"): create, list, delete, deliveries. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  app.post('/channels', { schema: { body: CreateChannelInputSchema } }, async (request, reply) => {
    const { project } = authOf(request);
    return reply.code(201).send({ channel: await createChannel(ctx, project.id, request.body) });
  });
  app.get('/channels', async (request) => ({
    channels: await listProjectChannels(ctx, authOf(request).project.id),
  }));
  app.delete('/channels/:id', { schema: { params: ChannelParamsSchema } }, async (request, reply) => {
    await deleteChannel(ctx, authOf(request).project.id, request.params.id);
    return reply.code(204).send();
  });
  app.get('/channels/:id/deliveries', { schema: { params: ChannelParamsSchema } }, async (request) => ({
    deliveries: await channelDeliveries(ctx, authOf(request).project.id, request.params.id),
  }));
}
