/**
 * Images uploaded for entries (docs/api.md#images): PNG, JPEG, GIF or WebP, at most 5 MiB, the type
 * read from the bytes' signature (never the file name or the Content-Type), so an SVG, an HTML page or
 * anything else is refused whatever it claims to be. Stored in the database, served at
 * `{base_url}/uploads/{id}.{ext}`.
 */
import { findUpload, type ImageType, insertUpload } from '../../db/uploads.ts';
import type { ProjectRow } from '../../db/projects.ts';
import { NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../errors/errors.ts';
import type { ServiceContext } from '../context.ts';
import { newId } from '../../db/new-id.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { authorize, type Role } from './authorize.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const EXTENSIONS: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const startsWith = (bytes: Buffer, signature: string, at = 0) =>
  bytes.subarray(at, at + signature.length).equals(Buffer.from(signature, 'latin1'));

/**
 * WebP (RFC 9649 §2.5): a RIFF container of form type `WEBP` whose first chunk is an image (`VP8 `
 * lossy, `VP8L` lossless) or the extended header `VP8X`. RIFF holds many formats (WAVE, AVI…): the form
 * type and the chunk decide, never `RIFF` alone.
 */
function isWebp(bytes: Buffer): boolean {
  return (
    bytes.length >= 16 &&
    startsWith(bytes, 'RIFF') &&
    startsWith(bytes, 'WEBP', 8) &&
    ['VP8 ', 'VP8L', 'VP8X'].some((chunk) => startsWith(bytes, chunk, 12))
  );
}

/**
 * The image type of `bytes` by its signature (PNG: RFC 2083 §3.1; JPEG: the SOI marker and the
 * next marker's FF; GIF87a/89a; WebP: {@link isWebp}), or null.
 */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, '\x89PNG\r\n\x1a\n')) return 'image/png';
  if (startsWith(bytes, '\xff\xd8\xff')) return 'image/jpeg';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'image/gif';
  if (isWebp(bytes)) return 'image/webp';
  return null;
}

export type StoredUpload = { id: string; url: string; type: ImageType; size: number };

/**
 * Store an image for the project (contributor or higher).
 * @throws UnsupportedMediaTypeError (415) for anything but the four types; PayloadTooLargeError (413).
 */
export async function storeUpload(
  ctx: Pick<ServiceContext, 'sql' | 'config'>,
  access: { project: ProjectRow; role: Role },
  userId: string,
  bytes: Buffer,
): Promise<StoredUpload> {
  authorize(access.role, 'uploads.create');
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw new PayloadTooLargeError(`An image may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB`);
  }
  const type = sniffImageType(bytes);
  if (!type) {
    throw new UnsupportedMediaTypeError(
      'Upload a PNG, JPEG, GIF or WebP image (its type is read from its bytes; SVG is not accepted)',
    );
  }
  const id = newId('upl');
  await ctx.sql.begin(async (tx) => {
    await insertUpload(tx, { id, projectId: access.project.id, uploadedBy: userId, mediaType: type, bytes });
    await recordAudit(tx, access.project.id, {
      action: 'upload.created',
      target: { type: 'upload', id },
      details: { type, size: bytes.length },
    });
  });
  return { id, url: `${ctx.config.publicUrl}/uploads/${id}.${EXTENSIONS[type]}`, type, size: bytes.length };
}

/**
 * The image of a file name `{id}.{ext}`, when the extension is the stored type's.
 * @throws NotFoundError otherwise.
 */
export async function loadUpload(
  ctx: Pick<ServiceContext, 'sql'>,
  fileName: string,
): Promise<{ type: ImageType; bytes: Buffer }> {
  const match = /^(upl_[0-9a-z]{26})\.([a-z]{3,4})$/.exec(fileName);
  const found = match ? await findUpload(ctx.sql, match[1]!) : undefined;
  if (!found || EXTENSIONS[found.mediaType] !== match![2]) throw new NotFoundError('No such image');
  return { type: found.mediaType, bytes: found.bytes };
}
