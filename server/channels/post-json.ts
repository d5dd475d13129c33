/**
 * One delivery attempt: POST a JSON body, no redirects followed, and the address connected to checked
 * by the SSRF guard at connect time.
 *
 * One budget of `TIMEOUT_MS` per attempt, from the start to the receiver's status line: connecting,
 * sending and waiting all count, so a receiver that trickles a byte now and then cannot hold the
 * attempt (a timeout on idle time alone would never fire). The answer's body is not read: the status
 * and `Retry-After` are all the attempt needs, so the connection is closed as soon as they arrive, and
 * at the end of the budget in any case.
 */
import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { parseRetryAfter } from '../../core/parse-retry-after.ts';
import { guardedLookup } from './ssrf-guard.ts';

/** `retryAfterSeconds`: the answer's `Retry-After` in whole seconds from now (null without a readable one). */
export type AttemptResult = { status: number | null; retryAfterSeconds: number | null; error: string | null };

/** The whole attempt's budget, in milliseconds. */
export const TIMEOUT_MS = 10_000;

export function postJson(
  url: URL,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<AttemptResult> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(budget);
      // Neither the body nor the connection is of any further use (and a new one is made per attempt).
      req.destroy();
      resolve(result);
    };
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Shiplog-Webhooks/1',
          connection: 'close',
          ...headers,
        },
        lookup: guardedLookup(allowPrivate),
        agent: false,
      },
      (res: IncomingMessage) =>
        settle({
          status: res.statusCode ?? null,
          retryAfterSeconds: parseRetryAfter(res.headers['retry-after'], Date.now()),
          error: null,
        }),
    );
    const budget = setTimeout(
      () =>
        settle({ status: null, retryAfterSeconds: null, error: `timed out after ${TIMEOUT_MS / 1000} s` }),
      TIMEOUT_MS,
    );
    req.on('error', (err) =>
      settle({ status: null, retryAfterSeconds: null, error: err.message.slice(0, 300) }),
    );
    req.end(body);
  });
}
