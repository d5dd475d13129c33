/**
 * A request body the API document shows but the route parses itself (so that its errors point into
 * the body it was sent: a batch's `/events/3/type`), put into the route's document entry only.
 */
import type { FastifyContextConfig } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

const transform = createJsonSchemaTransform({});

/** Route `config` that documents `body` as the route's request body. */
export function documentOnlyBody(body: ZodType): FastifyContextConfig {
  return {
    swaggerTransform: (input) => transform({ ...input, schema: { ...input.schema, body } }),
  };
}
