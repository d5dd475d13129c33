/**
 * The problem responses a route declares (docs/api.md#errors): for each HTTP status, an RFC 9457
 * problem document (`application/problem+json`, `Problem` in the document) naming the codes that
 * answer with it. Declared on the route, they are also how the server serializes its problems there:
 * the zod serializer checks every problem against `ProblemSchema`.
 */
import { z } from 'zod';
import { PROBLEM_CODES, ProblemSchema } from '../../core/contract/problem.ts';

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

export type ProblemResponse = {
  description: string;
  content: { [PROBLEM_MEDIA_TYPE]: { schema: typeof ProblemSchema } };
};

/** A status's problem codes, as a response description: `invalid: Invalid request`. */
function describeStatus(status: number): string {
  const codes = Object.entries(PROBLEM_CODES).filter(([, meta]) => meta.status === status);
  return codes.map(([code, meta]) => `\`${code}\`: ${meta.title}`).join('; ');
}

/** Problem responses for `statuses` (each a status of PROBLEM_CODES), keyed by status. */
export function problemResponses(...statuses: number[]): Record<string, ProblemResponse> {
  return Object.fromEntries(
    statuses.map((status) => {
      const description = describeStatus(status);
      if (!description) throw new Error(`No problem code answers with status ${status}`);
      return [String(status), { description, content: { [PROBLEM_MEDIA_TYPE]: { schema: ProblemSchema } } }];
    }),
  );
}

/**
 * The `default` response: any other error is a problem document too (`internal` 500, and
 * `service_unavailable` 503 while the database is unreachable, on every route).
 */
export const DEFAULT_PROBLEM: { default: ProblemResponse } = {
  default: {
    description: 'Any other error, as a problem document (`internal`, `service_unavailable`, …)',
    content: { [PROBLEM_MEDIA_TYPE]: { schema: ProblemSchema } },
  },
};

/**
 * `503 service_unavailable` (with `Retry-After`): what every route that reads or writes the database
 * answers while the database cannot be reached (errors/error-handler.ts). Only that code: a route that
 * can also answer `ai_unavailable` declares its own 503 with both.
 */
export const SERVICE_UNAVAILABLE: { 503: ProblemResponse } = {
  503: {
    description: `\`service_unavailable\`: ${PROBLEM_CODES.service_unavailable.title} (the database cannot be reached; retry after \`Retry-After\` seconds)`,
    content: { [PROBLEM_MEDIA_TYPE]: { schema: ProblemSchema } },
  },
};

/** A `204 No Content` answer. */
export const NO_CONTENT = { 204: z.undefined().describe('Done; no body') };

/**
 * Bytes documented as a string, typed `unknown`: the route sends a string, a buffer or a stream, which
 * Fastify passes through (only objects are serialized).
 */
const TEXT = z.string() as unknown as z.ZodType<unknown>;

/** An answer in `mediaTypes` whose body is text or bytes (a page, a feed, a script, an image). */
export function textResponse(description: string, ...mediaTypes: string[]) {
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: TEXT }])),
  };
}

/** `304 Not Modified`: the client's copy (`If-None-Match`) is current. */
export const NOT_MODIFIED = { 304: z.undefined().describe('Not modified: the `ETag` still matches') };

/**
 * Problem responses of a route that browsers open too: a browser (`Accept: text/html`) gets a page,
 * other clients the problem document.
 */
export function pageOrProblemResponses(...statuses: number[]) {
  return Object.fromEntries(
    Object.entries(problemResponses(...statuses)).map(([status, response]) => [
      status,
      { ...response, content: { ...response.content, 'text/html': { schema: z.string() } } },
    ]),
  );
}

/**
 * The schema of a route that answers an HTML page: with `params`, its path names something that may
 * not exist (a 404 page for browsers, a problem document for other clients).
 */
export function pageRouteSchema(summary: string, operationId: string, params?: readonly string[]) {
  return {
    summary,
    operationId,
    ...(params ? { params: z.object(Object.fromEntries(params.map((name) => [name, z.string()]))) } : {}),
    response: {
      200: textResponse('The page', 'text/html'),
      ...(params ? pageOrProblemResponses(404) : {}),
    },
  };
}
