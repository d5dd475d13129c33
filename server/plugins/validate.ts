/**
 * Route schemas are zod schemas. This validator compiler runs them and turns failures into an
 * `InvalidError` listing every failing field with a JSON Pointer (RFC 6901): into the body, or
 * `/query/<name>`, `/params/<name>`, `/headers/<name>` (docs/api.md#errors).
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { invalidFromZod } from '../errors/problem-documents.ts';

const PART_PREFIX: Record<string, string> = {
  body: '',
  querystring: '/query',
  params: '/params',
  headers: '/headers',
};

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: invalidFromZod(result.error, PART_PREFIX[httpPart ?? 'body'] ?? '') };
  };
