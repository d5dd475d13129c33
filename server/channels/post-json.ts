/**
 * One delivery attempt: POST a JSON body, no redirects followed, a 10-second budget, and the address
 * connected to checked by the SSRF guard at connect time.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup } from './ssrf-guard.ts';

export type AttemptResult = { status: number | null; retryAfterSeconds: number | null; error: string | null };

const TIMEOUT_MS = 10_000;

/** `Retry-After` as seconds: a number, or an HTTP date (RFC 9110 §10.2.3). */
function retryAfter(value: string | undefined, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export function postJson(
  url: URL,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<AttemptResult> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Shiplog-Webhooks/1',
          ...headers,
        },
        lookup: guardedLookup(allowPrivate),
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? null,
            retryAfterSeconds: retryAfter(res.headers['retry-after'], Date.now()),
            error: null,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out after 10 s')));
    req.on('error', (err) =>
      resolve({ status: null, retryAfterSeconds: null, error: err.message.slice(0, 300) }),
    );
    req.end(body);
  });
}
