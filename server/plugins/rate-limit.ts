/**
 * Rate limits: counting by @fastify/rate-limit's stores (in memory, or Redis when configured), headers
 * and errors written here, because the plugin only knows the older `X-RateLimit-*` / draft-6 headers.
 *
 * Headers follow draft-ietf-httpapi-ratelimit-headers (-09/-10), as structured fields:
 *   RateLimit-Policy: "api";q=600;w=60
 *   RateLimit: "api";r=599;t=60
 * Several policies may apply to one request (e.g. per IP and per anonymous id); each is counted and
 * reported, and the request is refused with 429 `rate_limited` + `Retry-After` when any is exceeded.
 */
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimitedError } from '../errors/errors.ts';
import { createRedis, failoverStore, type StoreHealth } from './failover-store.ts';

export type RateLimitPolicy = {
  /** Policy name shown in the headers, e.g. "api". */
  name: string;
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
  /** The client identity this policy counts (API key id, IP /64, anonymous id…); undefined skips it. */
  key: (request: FastifyRequest) => string | undefined | Promise<string | undefined>;
  /** Report this policy in headers only once it is exceeded (when its count itself would leak a fact). */
  silent?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** A hook enforcing `policies` on the routes it is added to. */
    rateLimitHook(policies: RateLimitPolicy[]): onRequestAsyncHookHandler;
    /**
     * A limit on failures only: `assertAllowed` refuses (429) once `policy.max` failures were recorded in
     * the window, without counting the request itself; `recordFailure` counts one.
     */
    failureLimit(policy: RateLimitPolicy): {
      assertAllowed(request: FastifyRequest): Promise<void>;
      recordFailure(request: FastifyRequest): Promise<void>;
    };
    /** The shared counter store's state when Redis is configured (for /readyz); undefined otherwise. */
    rateLimitStoreHealth(): StoreHealth | undefined;
  }
}

/**
 * @param options.redisUrl when set, counters live in Redis so that every process shares them
 *   (docs/api.md#public-engagement-no-key-cors-); otherwise in this process's memory.
 */
async function rateLimitPlugin(
  app: FastifyInstance,
  options: { redisUrl?: string | undefined; redisPrefix?: string },
): Promise<void> {
  let health: () => StoreHealth | undefined = () => undefined;
  let Store: FastifyRateLimitStoreCtor | undefined;
  if (options.redisUrl) {
    const redis = createRedis(options.redisUrl);
    const failover = failoverStore(redis, `${options.redisPrefix ?? 'shiplog:'}rl:`, app.log);
    Store = failover.Store;
    health = failover.health;
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, { global: false, ...(Store ? { store: Store } : {}), skipOnError: false });
  app.decorate('rateLimitStoreHealth', () => health());

  app.decorate('failureLimit', (policy: RateLimitPolicy) => {
    const counter = app.createRateLimit({
      max: policy.max,
      timeWindow: policy.windowSeconds * 1000,
      keyGenerator: async (request) => `${policy.name}:${await policy.key(request)}`,
    });
    return {
      async assertAllowed(request: FastifyRequest) {
        const seen = await counter(request, { increment: false });
        if (seen.isAllowed || seen.remaining > 0 || seen.ttlInSeconds <= 0) return;
        throw new RateLimitedError(seen.ttlInSeconds, {
          'ratelimit-policy': `"${policy.name}";q=${policy.max};w=${policy.windowSeconds}`,
          ratelimit: `"${policy.name}";r=0;t=${seen.ttlInSeconds}`,
        });
      },
      async recordFailure(request: FastifyRequest) {
        await counter(request);
      },
    };
  });

  app.decorate('rateLimitHook', (policies: RateLimitPolicy[]) => {
    const checkers = policies.map((policy) => ({
      policy,
      check: app.createRateLimit({
        max: policy.max,
        timeWindow: policy.windowSeconds * 1000,
        keyGenerator: async (request) => `${policy.name}:${await policy.key(request)}`,
      }),
    }));
    return async function enforceRateLimits(request, reply) {
      const policyHeader: string[] = [];
      const stateHeader: string[] = [];
      let retryAfter = 0;
      for (const { policy, check } of checkers) {
        if ((await policy.key(request)) === undefined) continue;
        const result = await check(request);
        if (result.isAllowed || (policy.silent && !result.isExceeded)) continue;
        policyHeader.push(`"${policy.name}";q=${policy.max};w=${policy.windowSeconds}`);
        stateHeader.push(`"${policy.name}";r=${result.remaining};t=${result.ttlInSeconds}`);
        if (result.isExceeded) retryAfter = Math.max(retryAfter, result.ttlInSeconds, 1);
      }
      if (policyHeader.length === 0) return;
      const headers = { 'ratelimit-policy': policyHeader.join(', '), ratelimit: stateHeader.join(', ') };
      if (retryAfter > 0) throw new RateLimitedError(retryAfter, headers);
      reply.headers(headers);
    };
  });
}

export default fp(rateLimitPlugin, { name: 'shiplog-rate-limit' });
