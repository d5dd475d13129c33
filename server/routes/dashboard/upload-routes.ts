/**
 * `POST /api/dashboard/projects/{slug}/uploads` (contributor or higher; docs/api.md#images): the body
 * is the image's bytes themselves (any Content-Type: what counts is the bytes' signature), at most
 * 5 MiB (`413` beyond) → `201 {"url", "id", "type", "size"}` + `Location`. Anything but PNG, JPEG, GIF or
 * WebP, SVG included, is `415`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UploadSchema } from '../../../core/contract/accounts.schema.ts';
import { InvalidError, UnsupportedMediaTypeError } from '../../errors/errors.ts';
import { MAX_UPLOAD_BYTES, storeUpload } from '../../services/accounts/store-upload.ts';
import type { ServiceContext } from '../../services/context.ts';
import { signedInAccess } from './project-access.ts';
import { SlugParams } from './schemas.ts';

/**
 * The raw body. Its bytes sit in a private field: the input checks that walk every body's strings and
 * keys (plugins/strict-input.ts) see an object with no properties, not five million array indices.
 */
class ImageBytes {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

export async function uploadRoutes(base: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // This scope only: every Content-Type is read as bytes (JSON included, which is then no image).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => {
      done(null, new ImageBytes(body as Buffer));
    },
  );

  app.post(
    '/projects/:slug/uploads',
    { bodyLimit: MAX_UPLOAD_BYTES, schema: { params: SlugParams, response: { 201: UploadSchema } } },
    async (request, reply) => {
      const access = await signedInAccess(ctx, request, reply, request.params.slug, 'uploads.create');
      const body: unknown = request.body;
      if (body !== undefined && body !== null && !(body instanceof ImageBytes)) {
        throw new UnsupportedMediaTypeError('Send the image bytes as the body');
      }
      if (!(body instanceof ImageBytes) || body.bytes.length === 0) {
        throw new InvalidError('The body is empty: send the image itself', [
          { pointer: '', detail: 'Send the image bytes as the body' },
        ]);
      }
      const stored = await storeUpload(ctx, access, access.session.user.id, body.bytes);
      return reply.code(201).header('location', stored.url).send(stored);
    },
  );
}
