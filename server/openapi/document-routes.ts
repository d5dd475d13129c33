/**
 * What every route of a scope has in common in the API document, added as each route is declared
 * (an `onRoute` hook, so a route added later to the scope is documented alike): its tag, who may call
 * it (`security`), and its problem responses. The statuses follow from the route: a body can be
 * `invalid`, too large or of the wrong type; a path parameter can name nothing (`not_found`); a route
 * that needs the database answers `503 service_unavailable` while it cannot be reached.
 * A route's own `response` entries win over these.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { DEFAULT_PROBLEM, problemResponses, SERVICE_UNAVAILABLE } from '../errors/problem-responses.ts';

/** An OpenAPI security requirement: scheme names of components.securitySchemes, all required. */
export type SecurityRequirement = Record<string, string[]>;

export type ScopeDocs = {
  tag: string | ((route: RouteOptions) => string);
  /** Omitted: the document's default (none: public). */
  security?: (route: RouteOptions) => SecurityRequirement[];
  /** Problem statuses every route of the scope can answer (401, 403, 429, …). */
  problems?: (route: RouteOptions) => number[];
  /** Whether the route reads or writes the database (so it can answer 503). Omitted: every route does. */
  database?: (route: RouteOptions) => boolean;
};

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** The problem statuses that follow from the route's shape. */
function inputProblems(route: RouteOptions): number[] {
  const methods = [route.method].flat();
  const statuses: number[] = [];
  const schema = route.schema ?? {};
  if (methods.some((m) => WITH_BODY.has(m))) statuses.push(400, 413, 415);
  else if (schema.querystring || schema.params) statuses.push(400);
  if (schema.params) statuses.push(404);
  return statuses;
}

/** Document every route declared from now on in `app`'s scope with `docs`. */
export function documentRoutes(app: FastifyInstance, docs: ScopeDocs): void {
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide) return;
    const statuses = [...new Set([...inputProblems(route), ...(docs.problems?.(route) ?? [])])].sort();
    route.schema = {
      tags: [typeof docs.tag === 'string' ? docs.tag : docs.tag(route)],
      ...(docs.security ? { security: docs.security(route) } : {}),
      ...route.schema,
      response: {
        ...problemResponses(...statuses),
        ...(docs.database?.(route) === false ? {} : SERVICE_UNAVAILABLE),
        ...DEFAULT_PROBLEM,
        ...(route.schema?.response as object | undefined),
      },
    };
  });
}
