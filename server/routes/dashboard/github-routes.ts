/**
 * The GitHub page (docs/api.md#github-page), publisher or higher:
 * - `GET /api/dashboard/projects/{slug}/github` → `{"repositories": [{repository: "owner/name",
 *   installed, account, private, link: "this"|"other"|null, lastDeliveries: [{id, event, status:
 *   "received"|"ignored"|"processed"|"failed", error, receivedAt, finishedAt}]}]}`: every repository the
 *   App is installed on (and any linked here without it), with the last 5 webhook deliveries about each
 *   (kept 7 days; none shown for a repository another project holds);
 * - `POST …/github/links {"repository": "owner/name"}` → `204`: linked here. `404` when the App is not
 *   installed there, `409` when another project holds it, `402` on the free plan;
 * - `DELETE …/github/links/{owner}/{name}` → `204`; `404` when it is not linked here.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GithubRepositoryListSchema } from '../../../core/contract/github.schema.ts';
import { ProjectSlugParam } from '../../../core/contract/public.schema.ts';
import type { ServiceContext } from '../../services/context.ts';
import {
  linkGithubRepository,
  listGithubRepositories,
  unlinkGithubRepository,
} from '../../services/github/repository-links.ts';
import { signedInAccess } from './project-access.ts';
import { SlugParams } from './schemas.ts';

const LinkBody = z.strictObject({ repository: z.string().min(3).max(201) });
const name = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/);
const LinkParams = z.object({ slug: ProjectSlugParam, owner: name, name });

export async function githubRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/projects/:slug/github',
    { schema: { params: SlugParams, response: { 200: GithubRepositoryListSchema } } },
    async (request, reply) => {
      const { project } = await signedInAccess(ctx, request, reply, request.params.slug, 'github.manage');
      return { repositories: await listGithubRepositories(ctx, project) };
    },
  );

  app.post(
    '/projects/:slug/github/links',
    { schema: { params: SlugParams, body: LinkBody } },
    async (request, reply) => {
      const { project } = await signedInAccess(ctx, request, reply, request.params.slug, 'github.manage');
      await linkGithubRepository(ctx, project, request.body.repository);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/projects/:slug/github/links/:owner/:name',
    { schema: { params: LinkParams } },
    async (request, reply) => {
      const { project } = await signedInAccess(ctx, request, reply, request.params.slug, 'github.manage');
      await unlinkGithubRepository(ctx, project, `${request.params.owner}/${request.params.name}`);
      return reply.code(204).send();
    },
  );
}
