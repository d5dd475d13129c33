/**
 * Typed errors (errors.ts) as what clients read: RFC 9457 problem documents with the contract's `code`
 * (docs/api.md#errors), and a zod failure as an `InvalidError` listing every failing field with a
 * JSON Pointer (RFC 6901). Shared by the error handler, the validator and the services that parse input
 * themselves (the in-process API, project and link management), so no service reaches into a plugin.
 */
import type { ZodError } from 'zod';
import { type FieldError, PROBLEM_CODES, type Problem } from '../../core/contract/problem.ts';
import { InvalidError, type ShiplogError } from './errors.ts';

/** The problem document of `err`, for the request `requestId`. */
export function problemFor(err: ShiplogError, requestId: string): Problem {
  const meta = PROBLEM_CODES[err.code];
  return {
    type: `/docs/errors#${err.code}`,
    title: meta.title,
    status: err.status,
    detail: err.message,
    code: err.code,
    requestId,
    ...(err.errors ? { errors: err.errors } : {}),
  };
}

function escapeSegment(segment: PropertyKey): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** A JSON Pointer (RFC 6901) under `prefix` (`''`, `/query`, `/params`, `/headers`). */
export function toPointer(prefix: string, path: readonly PropertyKey[]): string {
  return prefix + path.map((s) => `/${escapeSegment(s)}`).join('');
}

/** Field errors of a ZodError: unknown keys become one error each, pointing at the key. */
export function fieldErrors(error: ZodError, prefix: string): FieldError[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          pointer: toPointer(prefix, [...issue.path, key]),
          detail: 'Unknown field',
        }))
      : [{ pointer: toPointer(prefix, issue.path), detail: issue.message }],
  );
}

/** `InvalidError` from a ZodError; `detail` names the first failing field, or counts them. */
export function invalidFromZod(error: ZodError, prefix = ''): InvalidError {
  const errors = fieldErrors(error, prefix);
  const first = errors[0]!;
  const where =
    first.pointer === '' ? 'body' : first.pointer.slice(1).replace(/^(query|params|headers)\//, '');
  const detail =
    errors.length === 1
      ? `${where}: ${first.detail}`
      : `${errors.length} fields are invalid: ${errors.map((e) => e.pointer || '/').join(', ')}`;
  return new InvalidError(detail, errors);
}
