/**
 * What every route receives is checked once, here (docs/api.md#input-rules):
 * - JSON bodies: `application/json` with no charset or `charset=utf-8` (any other: `415`); bytes that are
 *   not valid UTF-8 are `400 invalid`, never silently replaced; then the framework's own JSON parser
 *   (prototype-poisoning protection included). An empty body is no body: the route's schema decides.
 * - JSON nested deeper than `MAX_JSON_DEPTH` objects and arrays: `400 invalid`, refused in the parser,
 *   before any code that recurses (validation, hashing, logging) sees the value.
 * - U+0000 or a lone surrogate (an unpaired UTF-16 code unit, which `\ud800` in JSON makes) in any
 *   string of the body, the query or the path, keys included: `400 invalid` with a pointer to the
 *   field, or `404 not_found` for a path parameter (an identifier that cannot exist).
 * - A query string whose percent-encoded bytes are not UTF-8 (`?q=%FF`): `400 invalid` at the field,
 *   never a value silently kept as `%FF` or replaced with U+FFFD (the query parser does either). PostgreSQL text
 *   cannot hold U+0000, and UTF-8 cannot hold a lone surrogate (it would be stored as U+FFFD, or make a
 *   validator throw), so neither may reach a service.
 * Every walk here is iterative: no input can overflow the stack.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FieldError } from '../../core/contract/problem.ts';
import { InvalidError, NotFoundError, UnsupportedMediaTypeError } from '../errors/errors.ts';
import { toPointer } from '../errors/problem-documents.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The deepest a JSON body may nest, counting objects and arrays (`{"a":[1]}` is 2). */
export const MAX_JSON_DEPTH = 32;

const NUL_DETAIL = 'Must not contain NUL (U+0000) characters';
const SURROGATE_DETAIL = 'Must not contain a lone surrogate (an unpaired UTF-16 code unit)';

/** Why `text` cannot be stored, or null when it can. */
function stringFlaw(text: string): string | null {
  if (text.includes('\u0000')) return NUL_DETAIL;
  if (!text.isWellFormed()) return SURROGATE_DETAIL;
  return null;
}

/** True when `value` nests objects and arrays deeper than `max` (an iterative walk). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * One error per string under `value` (keys included) that holds U+0000 or a lone surrogate, in
 * document order, each with its JSON Pointer under `prefix`. Iterative, so depth cannot overflow it.
 */
export function stringErrors(value: unknown, prefix: string): FieldError[] {
  const found: FieldError[] = [];
  const stack: [unknown, PropertyKey[]][] = [[value, []]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      const detail = stringFlaw(item);
      if (detail) found.push({ pointer: toPointer(prefix, path), detail });
    } else if (item !== null && typeof item === 'object') {
      const children: [unknown, PropertyKey[]][] = [];
      for (const [key, child] of Array.isArray(item) ? item.entries() : Object.entries(item)) {
        const keyFlaw = typeof key === 'string' ? stringFlaw(key) : null;
        if (keyFlaw) found.push({ pointer: toPointer(prefix, [...path, key]), detail: keyFlaw });
        else children.push([child, [...path, key]]);
      }
      // Reversed onto the stack, so the first child is looked at first.
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
  return found;
}

const NOT_UTF8_DETAIL = 'Must be UTF-8 once percent-decoded';

/** A query component decoded (`+` is a space), or undefined when its bytes are not UTF-8. */
function decodeQueryPart(part: string): string | undefined {
  try {
    // A `%` that starts no escape stays as it is, as the query parser keeps it.
    return decodeURIComponent(part.replace(/\+/g, ' ').replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return undefined;
  }
}

/** One error per field of the query string of `url` whose name or value is not UTF-8 when decoded. */
export function queryEncodingErrors(url: string): FieldError[] {
  const start = url.indexOf('?');
  // The common case, no escape at all, costs one scan.
  if (start < 0 || !url.includes('%', start)) return [];
  const found: FieldError[] = [];
  for (const pair of url.slice(start + 1).split('&')) {
    const eq = pair.indexOf('=');
    const name = decodeQueryPart(eq < 0 ? pair : pair.slice(0, eq));
    if (name === undefined) found.push({ pointer: '/query', detail: `A field name: ${NOT_UTF8_DETAIL}` });
    else if (eq >= 0 && decodeQueryPart(pair.slice(eq + 1)) === undefined)
      found.push({ pointer: toPointer('/query', [name]), detail: NOT_UTF8_DETAIL });
  }
  return found;
}

function rejectBadStrings(request: FastifyRequest): void {
  if (stringErrors(request.params, '').length > 0) throw new NotFoundError();
  const errors = [
    ...queryEncodingErrors(request.raw.url ?? ''),
    ...stringErrors(request.query, '/query'),
    ...stringErrors(request.body, ''),
  ];
  if (errors.length === 0) return;
  const first = errors[0]!;
  throw new InvalidError(`${first.pointer || 'body'}: ${first.detail.replace(/^M/, 'm')}`, errors);
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
    void parseJson(request, text, (err, value) => {
      if (err) return done(err);
      if (nestsDeeperThan(value, MAX_JSON_DEPTH)) {
        const detail = `Must not nest objects and arrays deeper than ${MAX_JSON_DEPTH} levels`;
        return done(new InvalidError(`body: ${detail.replace(/^M/, 'm')}`, [{ pointer: '', detail }]));
      }
      done(null, value);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      rejectBadStrings(request);
      done();
    } catch (err) {
      done(err as Error);
    }
  });
}

export default fp(strictInputPlugin, { name: 'shiplog-strict-input' });
