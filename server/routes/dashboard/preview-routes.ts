/**
 * `POST /api/dashboard/projects/{slug}/preview {body}` (contributor or higher; CONTRACT.md "Dashboard",
 * the editor's live preview) → `200 {"html"}`: the Markdown rendered and sanitized by the very renderer
 * that stores an entry's `html` (so the preview is what readers will see). Nothing is stored. A body
 * too complex to render is `400 invalid` at `/body`, as on save.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../services/context.ts';
import { signedInAccess } from './project-access.ts';
import { PreviewBody, SlugParams } from './schemas.ts';

export async function previewRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/projects/:slug/preview',
    { schema: { params: SlugParams, body: PreviewBody } },
    async (request, reply) => {
      const { project } = await signedInAccess(ctx, request, reply, request.params.slug, 'entries.draft');
      return { html: await ctx.markdown.render(request.body.body, project.id) };
    },
  );
}
