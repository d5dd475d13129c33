/**
 * The project itself (docs/readers.md#access): `GET /api/v1/project` and `PATCH
 * /api/v1/project {name?, accent?, position?, theme?, access?, searchLanguage?}` (publishers; `access`
 * owners and keys only), and `POST /api/v1/project/reader-secret` → `201 {secret, createdAt,
 * previousRetiresAt}`, the secret shown in this answer only (owners and keys). The dashboard calls them
 * with its session and `Shiplog-Project`, as it calls the entries.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ProjectSettingsInputSchema,
  ProjectSettingsSchema,
  ReaderSecretSchema,
} from '../../../core/contract/readers.schema.ts';
import { authOf } from '../../plugins/auth.ts';
import type { ServiceContext } from '../../services/context.ts';
import { changeProjectSettings, readProjectSettings } from '../../services/readers/project-settings.ts';
import { createReaderSecret } from '../../services/readers/rotate-reader-secret.ts';
import { NoBodySchema } from './no-body-schema.ts';

export async function projectRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/project',
    {
      schema: {
        summary: "The project's settings",
        description:
          "Name, the widget's look, who may read the changelog (`access`), the search language, and whether a reader secret exists (never the secret).",
        operationId: 'getProject',
        response: { 200: ProjectSettingsSchema },
      },
    },
    async (request) => readProjectSettings(ctx, authOf(request)),
  );
  app.patch(
    '/project',
    {
      schema: {
        summary: "Change the project's settings",
        description:
          'Any of the fields; the others stay. `access: "identified"` makes the widget, feeds, page and search answer `401` without a valid reader token, and lists the project nowhere public; only owners (and keys) change it.',
        operationId: 'updateProject',
        body: ProjectSettingsInputSchema,
        response: { 200: ProjectSettingsSchema },
      },
    },
    async (request) => changeProjectSettings(ctx, authOf(request), request.body),
  );
  app.post(
    '/project/reader-secret',
    {
      schema: {
        summary: 'Create or rotate the reader secret',
        description:
          'The HMAC key (HS256) the host app signs reader tokens with, shown in this answer only. No body, or `{}`. After a rotation every secret rotated out still verifies for its own 24 hours, so pages already signed keep working. Owners (and keys) only. A retry with the same `Idempotency-Key` replays this answer, so a lost response does not lose the secret.',
        operationId: 'createReaderSecret',
        body: NoBodySchema,
        response: { 201: ReaderSecretSchema },
      },
    },
    async (request, reply) => {
      const made = await createReaderSecret(ctx, authOf(request));
      return reply.code(201).send({
        secret: made.secret,
        createdAt: made.createdAt.toISOString(),
        previousRetiresAt: made.previousRetiresAt?.toISOString() ?? null,
      });
    },
  );
}
