/**
 * `GET /api/dashboard/projects/{slug}/segments` (any member who may read entries) → `200 {"segments":
 * ["beta", "enterprise"]}`: the distinct segment names of the project's entries, alphabetical, at most
 * 500, for the entry editor's segment picker. Setting an entry's segments stays /api/v1's (publishers).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SegmentListSchema } from '../../../core/contract/accounts.schema.ts';
import type { ServiceContext } from '../../services/context.ts';
import { listSegments } from '../../services/entries/list-segments.ts';
import { signedInAccess } from './project-access.ts';
import { SlugParams } from './schemas.ts';

export async function segmentRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/projects/:slug/segments',
    { schema: { params: SlugParams, response: { 200: SegmentListSchema } } },
    async (request, reply) => {
      const { project } = await signedInAccess(ctx, request, reply, request.params.slug, 'entries.read');
      return listSegments(ctx, project.id);
    },
  );
}
