/**
 * Previews, nothing stored (contributor or higher):
 * - `POST /api/dashboard/projects/{slug}/preview {body}` (docs/api.md#dashboard-api, the editor's live
 *   preview) → `200 {"html"}`: the Markdown rendered and sanitized by the very renderer that stores an
 *   entry's `html` (so the preview is what readers will see). A body too complex to render is `400
 *   invalid` at `/body`, as on save.
 * - `POST /api/dashboard/projects/{slug}/changelog-preview {markdown, filename?}` → `200 {"markup",
 *   "releases", "skipped"}`: a pasted or uploaded changelog (Markdown, or reStructuredText by its
 *   `filename` or its text) read by the parser `shiplog import` and the Action use
 *   (core/parse-changelog.ts), so the history page shows what an import would bring in (docs/api.md#import-history-and-the-drafting-profile). Up to 8 MiB, as the import itself.
 *   Read in the renderer's worker with a body's limits: too complex to read is `400 invalid` at `/markdown`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PreviewSchema } from '../../../core/contract/accounts.schema.ts';
import { ChangelogPreviewSchema } from '../../../core/contract/history.schema.ts';
import type { ServiceContext } from '../../services/context.ts';
import { previewChangelog } from '../../services/history/preview-changelog.ts';
import { signedInAccess } from './project-access.ts';
import { ChangelogPreviewBody, PreviewBody, SlugParams } from './schemas.ts';

/** The import's own limit (docs/api.md#import-history-and-the-drafting-profile: `POST /api/v1/entries/import` up to 8 MiB). */
const CHANGELOG_BODY_LIMIT = 8 * 1024 * 1024;

export async function previewRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/projects/:slug/preview',
    { schema: { params: SlugParams, body: PreviewBody, response: { 200: PreviewSchema } } },
    async (request, reply) => {
      const { project } = await signedInAccess(ctx, request, reply, request.params.slug, 'entries.draft');
      return { html: await ctx.markdown.render(request.body.body, project.id) };
    },
  );

  app.post(
    '/projects/:slug/changelog-preview',
    {
      bodyLimit: CHANGELOG_BODY_LIMIT,
      schema: { params: SlugParams, body: ChangelogPreviewBody, response: { 200: ChangelogPreviewSchema } },
    },
    async (request, reply) => {
      const { project } = await signedInAccess(ctx, request, reply, request.params.slug, 'entries.draft');
      return previewChangelog(ctx, project.id, request.body.markdown, request.body.filename ?? null);
    },
  );
}
