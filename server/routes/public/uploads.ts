/**
 * `GET /uploads/{id}.{ext}`: an uploaded image (docs/api.md#images), with the type it was stored as,
 * cached for a year as immutable (its address never names other bytes), and `nosniff` plus
 * `Content-Security-Policy: default-src 'none'` so that no browser runs it as anything but an image.
 * Unknown, or a wrong extension: `404`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentRoutes } from '../../openapi/document-routes.ts';
import { textResponse } from '../../errors/problem-responses.ts';
import { PUBLIC_DOCS } from '../../openapi/scope-docs.ts';
import { loadUpload } from '../../services/accounts/store-upload.ts';
import type { ServiceContext } from '../../services/context.ts';

const FileParams = z.object({ file: z.string().min(1).max(64) });

export async function uploadsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  documentRoutes(app, PUBLIC_DOCS('Uploads'));
  // Bytes, not JSON: the default type provider (the params are still FileParams-validated).
  app.get<{ Params: z.infer<typeof FileParams> }>(
    '/uploads/:file',
    {
      schema: {
        summary: 'An uploaded image (immutable)',
        operationId: 'getUpload',
        params: FileParams,
        response: {
          200: textResponse('The image', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'),
        },
      },
    },
    async (request, reply) => {
      const image = await loadUpload(ctx, request.params.file);
      return reply
        .headers({
          'content-type': image.type,
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'",
        })
        .send(image.bytes);
    },
  );
}
