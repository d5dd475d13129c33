/**
 * What the dashboard's Channels page does beyond create, list and delete (docs/api.md#channels-key-authenticated),
 * by key or by session (publisher or higher):
 * - `POST /api/v1/channels/{id}/test` (no body, or `{}`) → `202 {"delivery"}`: a `ping` delivery
 *   through the same job, signature and SSRF rules as a published entry's; follow it in the log.
 *   A disabled channel is `409`.
 * - `POST /api/v1/channels/{id}/deliveries/{deliveryId}/retry` (no body) → `202 {"delivery"}`: a
 *   failed delivery is attempted again with the same `webhook-id`; a pending or delivered one, or a
 *   disabled channel, is `409`; an unknown one `404`.
 * - `PATCH /api/v1/channels/{id} {"enabled": false|true}` → `200 {"channel"}`: disable (no new
 *   deliveries; pending ones fail at their next attempt) or enable (also after a receiver's `410`).
 * A delivery: `{id, eventType: "entry.published"|"ping", entryId (null for a ping), status:
 * "pending"|"delivered"|"failed", attempts, lastStatus, lastError, nextAttemptAt (pending only, else
 * null), createdAt, updatedAt}`; the log itself is `GET /api/v1/channels/{id}/deliveries`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChannelSchema, DeliverySchema } from '../../../core/contract/channels.schema.ts';
import { authOf } from '../../plugins/auth.ts';
import type { ServiceContext } from '../../services/context.ts';
import { NoBodySchema } from './no-body-schema.ts';
import { retryDelivery } from '../../services/deliveries/retry-delivery.ts';
import { sendTestDelivery } from '../../services/deliveries/send-test-delivery.ts';
import { setChannelEnabled } from '../../services/deliveries/set-channel-enabled.ts';

const ChannelParams = z.object({ id: z.string().min(1).max(64) });
const DeliveryParams = ChannelParams.extend({ deliveryId: z.string().min(1).max(64) });
const EnabledBody = z.strictObject({ enabled: z.boolean() });

export async function channelActionRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/channels/:id/test',
    {
      schema: {
        summary: 'Send a test delivery',
        description:
          'A `ping` delivered like a published entry (signature, SSRF rules, retries); follow it in the delivery log. A disabled channel is `409 conflict`.',
        operationId: 'testChannel',
        params: ChannelParams,
        body: NoBodySchema,
        response: { 202: z.object({ delivery: DeliverySchema }) },
      },
    },
    async (request, reply) => {
      const delivery = await sendTestDelivery(ctx, authOf(request).project.id, request.params.id);
      return reply.code(202).send({ delivery });
    },
  );

  app.post(
    '/channels/:id/deliveries/:deliveryId/retry',
    {
      schema: {
        summary: 'Retry a failed delivery',
        description:
          'Attempted again with the same `webhook-id`. A pending or delivered delivery, or a disabled channel, is `409 conflict`.',
        operationId: 'retryDelivery',
        params: DeliveryParams,
        body: NoBodySchema,
        response: { 202: z.object({ delivery: DeliverySchema }) },
      },
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      const delivery = await retryDelivery(ctx, authOf(request).project.id, id, deliveryId);
      return reply.code(202).send({ delivery });
    },
  );

  app.patch(
    '/channels/:id',
    {
      schema: {
        summary: 'Disable or enable a channel',
        description:
          'A disabled channel gets no new deliveries; its pending ones fail at their next attempt.',
        operationId: 'updateChannel',
        params: ChannelParams,
        body: EnabledBody,
        response: { 200: z.object({ channel: ChannelSchema }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return { channel: await setChannelEnabled(ctx, authOf(request).project.id, id, request.body.enabled) };
    },
  );
}
