/**
 * A rate-limit store for @fastify/rate-limit that counts in Redis while Redis answers and in this
 * process's memory while it does not (docs/api.md#public-engagement-no-key-cors-: an outage degrades the limits to
 * per-process ones, logged once, and they go back to the shared store when Redis returns).
 *
 * Counting is rate-limiter-flexible's (fixed windows opened by a key's first hit, atomic in Redis by
 * a Lua script; in memory, an entry leaves when its window ends); this module only picks the store.
 * @fastify/rate-limit's own stores are not part of its public API, so they are not used.
 *
 * Redis is asked only when its connection is ready, with no offline queue and a short command timeout
 * (see `createRedis`), so an outage costs a request nothing: no waiting on reconnects.
 * Keys are exactly `<prefix><key>` (rate-limit.ts gives keys such as `subscribe:<ip>`).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;

export type StoreHealth = { redis: 'ok' | 'unavailable' };
type Log = { warn: (obj: object, msg: string) => void; info: (msg: string) => void };

/** A Redis client that fails fast while disconnected (and keeps reconnecting in the background). */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2_000,
  });
}

/**
 * @returns the store constructor to pass as `store`, and `health()` for /readyz.
 */
export function failoverStore(
  redis: Redis,
  prefix: string,
  log: Log,
): { Store: FastifyRateLimitStoreCtor; health: () => StoreHealth } {
  // Counters only: the limits are @fastify/rate-limit's and each call gives its window
  // (`customDuration`), so `points` and `duration` are never used. No key prefix of the library's own,
  // so that keys read `<prefix><key>`.
  const counter = { keyPrefix: '', points: 1, duration: 60 };
  const shared = new RateLimiterRedis({ ...counter, storeClient: redis, rejectIfRedisNotReady: true });
  const local = new RateLimiterMemory(counter);
  let degraded = false;

  const degrade = (err: unknown) => {
    if (degraded) return;
    degraded = true;
    log.warn({ err }, 'Redis is unreachable: rate limits are counted per process until it returns');
  };
  redis.on('ready', () => {
    if (!degraded) return;
    degraded = false;
    log.info('Redis is back: rate limits are shared again');
  });
  redis.on('error', (err) => degrade(err));
  redis.on('end', () => degrade(new Error('connection closed')));

  /** `incr` counts one more hit in the key's window (opened by the first); `read` only looks. */
  const count = async (
    limiter: RateLimiterRedis | RateLimiterMemory,
    method: 'incr' | 'read',
    key: string,
    timeWindow: number,
  ): Promise<Counter> => {
    if (method === 'incr') {
      const hit = await limiter.penalty(key, 1, { customDuration: Math.ceil(timeWindow / 1000) });
      return { current: hit.consumedPoints, ttl: hit.msBeforeNext };
    }
    const seen = await limiter.get(key);
    // No window, or one that has just ended (its entry not yet swept), counts nothing.
    if (!seen || seen.msBeforeNext <= 0) return { current: 0, ttl: 0 };
    return { current: seen.consumedPoints, ttl: seen.msBeforeNext };
  };

  const call = (method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number) => {
    void count(shared, method, `${prefix}${key}`, timeWindow)
      .catch((err: unknown) => {
        degrade(err);
        return count(local, method, key, timeWindow);
      })
      .then(
        (counter) => cb(null, counter),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
  };

  class FailoverStore implements FastifyRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number): void {
      call('incr', key, cb, timeWindow);
    }
    read(key: string, cb: Callback, timeWindow: number): void {
      call('read', key, cb, timeWindow);
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return {
    Store: FailoverStore,
    health: () => ({ redis: degraded || redis.status !== 'ready' ? 'unavailable' : 'ok' }),
  };
}
