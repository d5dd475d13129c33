/**
 * A project's API keys (owners; docs/api.md#dashboard-api): `GET /api/dashboard/projects/{slug}/keys`,
 * `POST …/keys {name?}` → `201` with the key, shown only in this answer, `DELETE …/keys/{keyId}` →
 * `204`, revoked at once. Every answer carries `apiAvailable`: false on the free plan, whose keys the
 * API refuses (`402`) until the project is on Pro.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiKeyListSchema, CreatedApiKeySchema } from '../../../core/contract/keys.schema.ts';
import {
  apiAvailable,
  createKey,
  listKeys,
  revokeProjectKey,
} from '../../services/accounts/manage-project-keys.ts';
import type { ServiceContext } from '../../services/context.ts';
import { presentKey } from './present.ts';
import { signedInAccess } from './project-access.ts';
import { KeyParams, NewKeyBody, SlugParams } from './schemas.ts';

export async function keyRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/projects/:slug/keys',
    { schema: { params: SlugParams, response: { 200: ApiKeyListSchema } } },
    async (request, reply) => {
      const access = await signedInAccess(ctx, request, reply, request.params.slug, 'keys.manage');
      const keys = await listKeys(ctx, access);
      return { keys: keys.map(presentKey), apiAvailable: apiAvailable(access.project) };
    },
  );

  app.post(
    '/projects/:slug/keys',
    { schema: { params: SlugParams, body: NewKeyBody, response: { 201: CreatedApiKeySchema } } },
    async (request, reply) => {
      const access = await signedInAccess(ctx, request, reply, request.params.slug, 'keys.manage');
      const { apiKey, row } = await createKey(ctx, access, request.body?.name ?? null);
      return reply
        .code(201)
        .send({ apiKey, key: presentKey(row), apiAvailable: apiAvailable(access.project) });
    },
  );

  app.delete('/projects/:slug/keys/:keyId', { schema: { params: KeyParams } }, async (request, reply) => {
    const access = await signedInAccess(ctx, request, reply, request.params.slug, 'keys.manage');
    await revokeProjectKey(ctx, access, request.params.keyId);
    return reply.code(204).send();
  });
}
