/**
 * Projects (docs/api.md#dashboard-api): `POST /api/dashboard/projects {name, slug}` → `201`, the creator
 * its owner (free plan); `GET /api/dashboard/projects/{slug}` (any member) → the project and the
 * caller's role; `PATCH …/{slug} {name?, accent?, position?, theme?}` (publisher or higher); `DELETE
 * …/{slug}` (owner) → `204`, with every entry, key, member and image of it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardProjectResponseSchema } from '../../../core/contract/accounts.schema.ts';
import { requireSession } from '../../plugins/session.ts';
import {
  createOwnedProject,
  deleteOwnedProject,
  updateOwnedProject,
} from '../../services/accounts/manage-owned-projects.ts';
import type { ServiceContext } from '../../services/context.ts';
import { canDraftTranslations } from '../../services/drafting/draft-translations.ts';
import { presentProject } from './present.ts';
import { signedInAccess } from './project-access.ts';
import { NewProjectBody, ProjectSettingsBody, SlugParams } from './schemas.ts';

export async function projectRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/projects',
    { schema: { body: NewProjectBody, response: { 201: DashboardProjectResponseSchema } } },
    async (request, reply) => {
      const session = await requireSession(ctx, request, reply);
      const project = await createOwnedProject(ctx.sql, session.user.id, request.body);
      return reply.code(201).send({ project: presentProject(project, 'owner', canDraftTranslations(ctx)) });
    },
  );

  app.get(
    '/projects/:slug',
    { schema: { params: SlugParams, response: { 200: DashboardProjectResponseSchema } } },
    async (request, reply) => {
      const { project, role } = await signedInAccess(
        ctx,
        request,
        reply,
        request.params.slug,
        'entries.read',
      );
      return { project: presentProject(project, role, canDraftTranslations(ctx)) };
    },
  );

  app.patch(
    '/projects/:slug',
    {
      schema: {
        params: SlugParams,
        body: ProjectSettingsBody,
        response: { 200: DashboardProjectResponseSchema },
      },
    },
    async (request, reply) => {
      const access = await signedInAccess(ctx, request, reply, request.params.slug, 'settings.update');
      const project = await updateOwnedProject(ctx, access, request.body);
      return { project: presentProject(project, access.role, canDraftTranslations(ctx)) };
    },
  );

  app.delete('/projects/:slug', { schema: { params: SlugParams } }, async (request, reply) => {
    const access = await signedInAccess(ctx, request, reply, request.params.slug, 'project.delete');
    await deleteOwnedProject(ctx, access);
    return reply.code(204).send();
  });
}
