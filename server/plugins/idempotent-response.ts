/**
 * The stored response of an `Idempotency-Key`, committed in the same transaction as what it describes
 * (docs/api.md#idempotency: a crash can never leave an entry whose key a retry would run again).
 * A route builds its response from the service's result inside the service's transaction
 * (`beforeCommit`), stores it there when the request carries a key, and sends exactly that response;
 * the plugin's `onSend` then leaves the key alone.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TransactionSql } from '../db/connect.ts';
import { completeIdempotencyKey } from '../db/idempotency-keys.ts';
import { authOf } from './auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key's response was stored in the transaction of the change (see idempotent-response.ts). */
    idempotencyStored: boolean;
  }
}

export type JsonResponse = { status: number; headers: Record<string, string>; body: object };
/** Runs inside a service's transaction, just before it commits, with what the service produced. */
export type BeforeCommit<T> = (tx: TransactionSql, result: T) => Promise<void>;

/**
 * @param build the response of the service's result; `tx` is the service's transaction when it runs
 *   before the commit (a build that reads more reads it there), absent when `send` builds it.
 */
export function idempotentResponse<T>(
  request: FastifyRequest,
  build: (result: T, tx?: TransactionSql) => JsonResponse | Promise<JsonResponse>,
): { beforeCommit: BeforeCommit<T>; send(reply: FastifyReply, result: T): Promise<FastifyReply> } {
  let built: JsonResponse | undefined;
  return {
    async beforeCommit(tx, result) {
      built = await build(result, tx);
      const key = request.idempotencyKey;
      if (key === null) return;
      await completeIdempotencyKey(tx, authOf(request).project.id, key, {
        status: built.status,
        // What a replay needs: the type and the Location (others describe the replay itself).
        headers: { 'content-type': 'application/json; charset=utf-8', ...built.headers },
        body: JSON.stringify(built.body),
      });
      request.idempotencyStored = true;
    },
    async send(reply, result) {
      const response = built ?? (await build(result));
      return reply.code(response.status).headers(response.headers).send(response.body);
    },
  };
}
