/**
 * Errors that happen before a request reaches a route, as problem documents too (docs/api.md#errors):
 * - `frameworkErrors`: a path Fastify cannot decode (`/api/widget/%ff`) or a path parameter longer
 *   than the router accepts. Both name an identifier that cannot exist: `404 not_found`, never
 *   echoing the path. These requests skip the hooks, so the request id is set here (and CORS by
 *   `sendProblem`, as on every problem document).
 * - `clientErrorHandler`: what Node's HTTP parser refuses (headers over 16 KB: 431; a malformed
 *   request: 400). There is no request object, only the socket: the response is written raw.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { NotFoundError, ShiplogError } from './errors.ts';
import { newRequestId } from '../http/new-request-id.ts';
import { problemFor } from './problem-documents.ts';
import { sendProblem } from './error-handler.ts';

export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  _error,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  reply.header('x-request-id', request.id);
  void sendProblem(reply, new NotFoundError('No resource at this path'));
};

export function clientErrorHandler(
  this: { log: { debug: (o: object, m: string) => void } },
  err: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err }, 'client error');
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const problem = problemFor(
    new ShiplogError(
      'invalid',
      tooLarge ? 'The request headers exceed 16 KB' : 'The request is not valid HTTP',
    ),
    newRequestId(),
  );
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({ ...problem, status, ...(tooLarge ? { title: STATUS_CODES[431] } : {}) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${problem.requestId}\r\n` +
        `Access-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
