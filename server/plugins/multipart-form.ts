/**
 * `multipart/form-data` for the routes of one scope that take a small form of short text fields, such
 * as RFC 8058 one-click unsubscribe, which mail providers post as multipart. Parsed by
 * @fastify/multipart (busboy) with tight limits: at most 4 fields of 64-byte names and 256-byte values,
 * no file, and a body of at most `maxBytes` by its Content-Length (the multipart parser is not bound by
 * Fastify's bodyLimit). The fields become `request.body` (`{name: value}`) before validation.
 * Errors: a body over the limits or with a file is `413 payload_too_large`; a malformed body (a cut
 * part, a missing boundary) is `400 invalid`; never a 500.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidError, PayloadTooLargeError, ShiplogError } from '../errors/errors.ts';

function problemOf(err: unknown, maxBytes: number): ShiplogError {
  if (err instanceof ShiplogError) return err;
  const { statusCode, message } = err as { statusCode?: number; message?: string };
  if (statusCode === 413)
    return new PayloadTooLargeError(`The form is over its limits (${maxBytes} bytes, 4 fields)`);
  const detail = message || 'Malformed multipart/form-data body';
  return new InvalidError(`The body is not a valid form: ${detail}`, [{ pointer: '', detail }]);
}

async function readFields(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    // Unreachable with `files: 0` (busboy refuses the part first); kept so a file is never read.
    if (part.type === 'file') {
      part.file.resume();
      throw new PayloadTooLargeError('The form must not carry a file');
    }
    fields[part.fieldname] = String(part.value);
  }
  return fields;
}

/** Accept `multipart/form-data` bodies on the routes `scope` registers after this call. */
export async function acceptMultipartForm(scope: FastifyInstance, maxBytes: number): Promise<void> {
  await scope.register(multipart, {
    limits: { fields: 4, fieldNameSize: 64, fieldSize: 256, files: 0, parts: 4, headerPairs: 16 },
  });
  scope.addHook('onRequest', async (request) => {
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
      throw new PayloadTooLargeError(`The body exceeds ${maxBytes} bytes`);
    }
  });
  scope.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    try {
      request.body = await readFields(request);
    } catch (err) {
      throw problemOf(err, maxBytes);
    }
  });
}
