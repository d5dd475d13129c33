/**
 * Limits of the public endpoints (docs/api.md#public-engagement-no-key-cors-):
 * per IP (/64 for IPv6) and, where the body names one, per anonymous id; plus a daily cap per email
 * address so the subscribe form cannot flood an inbox.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../../plugins/client-address.ts';
import type { RateLimitPolicy } from '../../plugins/rate-limit.ts';

const byIp = (name: string, max: number, windowSeconds: number): RateLimitPolicy => ({
  name,
  max,
  windowSeconds,
  key: clientAddress,
});

/** The anonymous id of a reaction, an event, or the first event of a batch. */
function anonymousIdOf(request: FastifyRequest): string | undefined {
  const body = request.body as { anonymousId?: unknown; events?: { anonymousId?: unknown }[] } | undefined;
  const id = body?.anonymousId ?? body?.events?.[0]?.anonymousId;
  return typeof id === 'string' ? id : undefined;
}

export const SUBSCRIBE_IP = byIp('subscribe', 8, 600);
export const SUBSCRIBE_ADDRESS: RateLimitPolicy = {
  name: 'subscribe-address',
  max: 3,
  windowSeconds: 86_400,
  // Its count tells whether an address was submitted before: never shown unless exceeded.
  silent: true,
  key: (request) => {
    const body = request.body as { project?: unknown; email?: unknown } | undefined;
    if (typeof body?.email !== 'string') return undefined;
    // Hashed: counters in Redis hold no addresses.
    return createHash('sha256')
      .update(`${String(body.project)}\n${body.email.trim().toLowerCase()}`)
      .digest('base64url');
  },
};
export const REACTIONS_IP = byIp('reactions-ip', 30, 60);
export const REACTIONS_ID: RateLimitPolicy = {
  name: 'reactions',
  max: 30,
  windowSeconds: 60,
  key: anonymousIdOf,
};
export const ANALYTICS_IP = byIp('analytics-ip', 60, 60);
export const ANALYTICS_ID: RateLimitPolicy = {
  name: 'analytics',
  max: 60,
  windowSeconds: 60,
  key: anonymousIdOf,
};
/** The widget records what a reader has seen at most a few times a minute per page. */
export const READER_SEEN_IP = byIp('reader-seen-ip', 60, 60);
