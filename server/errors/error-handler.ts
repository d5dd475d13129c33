/**
 * The one error handler and the one not-found handler: every error becomes an RFC 9457 problem
 * document (`application/problem+json`) with the contract's `code` and the request id. 5xx bodies
 * never carry the underlying message (no stack traces, SQL, paths or upstream text). An error that says
 * the database is unreachable is `503 service_unavailable` with `Retry-After`, not `500 internal`.
 * A request no route takes is `404 not_found`, or `405 method_not_allowed` with `Allow` when its path
 * has routes with other methods (RFC 9110 §15.5.6). Register it before the routes: it collects them.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { PUBLIC_CORS_HEADERS, sendsNoCors } from '../http/cors-policy.ts';
import {
  InvalidError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  ShiplogError,
  UnsupportedMediaTypeError,
} from './errors.ts';
import { problemFor } from './problem-documents.ts';
import { collectRouteMethods } from './route-methods.ts';

/** What a client is told to wait while the database is unreachable (a restart takes seconds). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own client errors, by `code`, mapped to ours. */
function fromFastifyError(err: FastifyError, request: FastifyRequest): ShiplogError | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new UnsupportedMediaTypeError(
        `Content-Type ${request.headers['content-type'] ?? '(none)'} is not supported; send application/json`,
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new PayloadTooLargeError(
        `The body exceeds ${Math.round((request.routeOptions.bodyLimit ?? 1048576) / 1024)} KiB`,
      );
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new InvalidError(
        err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The JSON body is empty' : 'The body is not valid JSON',
        [{ pointer: '', detail: err.message }],
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new InvalidError('Content-Length does not match the body', [
        { pointer: '/headers/content-length', detail: err.message },
      ]);
  }
  if (err instanceof SyntaxError && err.statusCode === 400) {
    return new InvalidError('The body is not valid JSON', [{ pointer: '', detail: err.message }]);
  }
  if (err.statusCode === 404) return new NotFoundError();
  return undefined;
}

/**
 * Send `err` as a problem document, with CORS on a public path (http/cors-policy.ts): an error may be
 * raised before the route's own hooks (where plugins/cors.ts sets them) run, or with no route at all.
 */
export function sendProblem(reply: FastifyReply, err: ShiplogError): FastifyReply {
  if (!sendsNoCors(reply.request.url)) reply.headers(PUBLIC_CORS_HEADERS);
  return reply
    .code(err.status)
    .headers(err.headers)
    .type('application/problem+json; charset=utf-8')
    .send(problemFor(err, String(reply.request.id)));
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof ShiplogError ? error : fromFastifyError(error, request);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, known.message);
      return sendProblem(reply, known);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'unmapped client error');
      return sendProblem(reply, new InvalidError(error.message, [{ pointer: '', detail: error.message }]));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendProblem(reply, new ServiceUnavailableError(DATABASE_RETRY_AFTER_SECONDS, error));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, new ShiplogError('internal', 'An unexpected error occurred'));
  });

  const routeMethods = collectRouteMethods(app);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = routeMethods.of(request.url);
    // An OPTIONS that is no CORS preflight, which the CORS plugin's route hands on: what the path
    // allows (RFC 9110 §9.3.7).
    if (request.method === 'OPTIONS' && allowed.includes('OPTIONS'))
      return reply.code(204).header('allow', allowed.join(', ')).send();
    // A route may hand a request of its own method to this handler (`callNotFound`): that is a 404.
    if (allowed.length > 0 && !allowed.includes(request.method))
      return sendProblem(reply, new MethodNotAllowedError(request.method, path, allowed));
    return sendProblem(reply, new NotFoundError(`No route for ${request.method} ${path}`));
  });
}

export default fp(errorsPlugin, { name: 'shiplog-errors' });
