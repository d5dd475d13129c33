/**
 * A rate-limit store for @fastify/rate-limit that counts in Redis while Redis answers and in this
 * process's memory while it does not (CONTRACT.md "Rate limits": an outage degrades the limits to
 * per-process ones, logged once, and they go back to the shared store when Redis returns).
 *
 * Redis is asked only when its connection is ready, with no offline queue and a short command timeout
 * (see `createRedis`), so an outage costs a request nothing: no waiting on reconnects.
 * Keys are exactly `<prefix><key>`: the library's own Redis store adds the route's method and URL,
 * which are undefined for `createRateLimit` limiters (keys read "…undefinedundefined…").
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;
type Store = {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
};

const require = createRequire(import.meta.url);
// The library's stores are not in its typed entry point; both are plain constructors.
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  prefix: string,
) => Store;

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
  const shared = new RedisStore(false, false, redis, prefix);
  const local = new LocalStore(false, false, 10_000);
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

  const call = (method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) => {
    const fallback = () => local[method]!(key, cb, timeWindow, max);
    if (redis.status !== 'ready') {
      degrade(new Error(`Redis connection is ${redis.status}`));
      return fallback();
    }
    shared[method]!(
      key,
      (err, result) => {
        if (!err) return cb(null, result);
        degrade(err);
        fallback();
      },
      timeWindow,
      max,
    );
  };

  class FailoverStore implements FastifyRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      call('incr', key, cb, timeWindow, max);
    }
    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      call('read', key, cb, timeWindow, max);
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
