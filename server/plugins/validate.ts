/**
 * Route schemas are zod schemas. This validator compiler runs them and turns failures into an
 * `InvalidError` listing every failing field with a JSON Pointer (RFC 6901): into the body, or
 * `/query/<name>`, `/params/<name>`, `/headers/<name>` (CONTRACT.md "Errors").
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodError, ZodType } from 'zod';
import type { FieldError } from '../../core/contract/problem.ts';
import { InvalidError } from '../errors.ts';

const PART_PREFIX: Record<string, string> = {
  body: '',
  querystring: '/query',
  params: '/params',
  headers: '/headers',
};

function escapeSegment(segment: PropertyKey): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

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

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: invalidFromZod(result.error, PART_PREFIX[httpPart ?? 'body'] ?? '') };
  };
