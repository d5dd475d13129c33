/**
 * What every route receives is checked once, here (CONTRACT.md "General"):
 * - JSON bodies: `application/json` with no charset or `charset=utf-8` (any other: `415`); bytes that are
 *   not valid UTF-8 are `400 invalid`, never silently replaced; then the framework's own JSON parser
 *   (prototype-poisoning protection included). An empty body is no body: the route's schema decides.
 * - U+0000 in any string of the body, the query or the path: `400 invalid` with a pointer to the field,
 *   or `404 not_found` for a path parameter (an identifier that cannot exist). PostgreSQL text cannot
 *   hold it, so it must never reach a query.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FieldError } from '../../core/contract/problem.ts';
import { InvalidError, NotFoundError, UnsupportedMediaTypeError } from '../errors.ts';
import { toPointer } from './validate.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The pointers of every string under `value` that contains U+0000 (keys included). */
function nulPointers(
  value: unknown,
  prefix: string,
  path: PropertyKey[] = [],
  found: string[] = [],
): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(toPointer(prefix, path));
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulPointers(item, prefix, [...path, i], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push(toPointer(prefix, [...path, key]));
      else nulPointers(item, prefix, [...path, key], found);
    }
  }
  return found;
}

function rejectNul(request: FastifyRequest): void {
  if (nulPointers(request.params, '').length > 0) throw new NotFoundError();
  const pointers = [...nulPointers(request.query, '/query'), ...nulPointers(request.body, '')];
  if (pointers.length === 0) return;
  const errors: FieldError[] = pointers.map((pointer) => ({
    pointer,
    detail: 'Must not contain NUL (U+0000) characters',
  }));
  throw new InvalidError(`${pointers[0] || 'body'}: must not contain NUL (U+0000) characters`, errors);
}

async function strictInputPlugin(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset && charset.toLowerCase() !== 'utf-8' && charset.toLowerCase() !== 'utf8') {
      return done(
        new UnsupportedMediaTypeError(`charset=${charset} is not supported; send UTF-8 JSON (charset=utf-8)`),
      );
    }
    const bytes = body as Buffer;
    if (bytes.length === 0) return done(null, undefined);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return done(
        new InvalidError('The body is not valid UTF-8', [
          { pointer: '', detail: 'Invalid UTF-8 byte sequence' },
        ]),
      );
    }
    void parseJson(request, text, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      rejectNul(request);
      done();
    } catch (err) {
      done(err as Error);
    }
  });
}

export default fp(strictInputPlugin, { name: 'shiplog-strict-input' });
